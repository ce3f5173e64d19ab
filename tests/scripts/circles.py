#!/usr/bin/env python3
# No circle between files: every object of the static libraries or object files given, an edge to the object defining each symbol it uses; fails listing each cycle.
import subprocess
import sys


def objects(path, archives):
    """Defined and used symbols by object: of every member of an archive (named "lib.a:member"
    when several archives are read), or of one object file (named by its path)."""
    out = subprocess.run(["nm", "-A", path], capture_output=True, text=True, check=True).stdout
    archive = path.endswith(".a")
    defined, used = {}, {}
    for line in out.splitlines():
        # "archive:member:address type name" or "object:address type name"; the address is
        # empty for an undefined symbol
        fields = line.split()
        if len(fields) < 2:
            continue
        head = fields[0].split(":")
        if len(head) < (3 if archive else 2):
            continue
        if not archive:
            obj = path.split("/CMakeFiles/", 1)[-1]
        elif archives == 1:
            obj = head[1]
        else:
            obj = head[0].rsplit("/", 1)[-1] + ":" + head[1]
        used.setdefault(obj, set())
        kind, name = fields[-2], fields[-1]
        if kind == "U":
            used[obj].add(name)
        elif kind in "TDBRVWGSC" and head[-1]:
            defined[name] = obj
    return defined, used


def cycles(graph):
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def main():
    if len(sys.argv) < 2:
        print("usage: circles.py LIBRARY.a|OBJECT.o...")
        return 2
    defined, used = {}, {}
    for lib in sys.argv[1:]:
        d, u = objects(lib, sum(a.endswith(".a") for a in sys.argv[1:]))
        defined.update(d)
        used.update(u)
    graph = {o: {defined[s] for s in syms if s in defined and defined[s] != o}
             for o, syms in used.items()}
    found = cycles(graph)
    edges = sum(len(v) for v in graph.values())
    if found:
        print(f"FAIL: {len(found)} circle(s) between files:")
        for comp in found:
            print("  " + " <-> ".join(comp))
        return 1
    print(f"no circle between {len(graph)} files ({edges} uses of another file's symbols)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
