#!/usr/bin/env python3
# No circle between files: every object of the static libraries or object files given, an edge to the object defining each symbol it uses; fails listing each cycle. With --folders, no circle between the areas of a folder (src/rules: los, fire, morale ...) by their calls or their includes.
import glob
import os
import re
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


def area_of(path, root):
    """The area of a file under root: its subfolder ("morale"), or the name of a file that
    stands in root itself ("effects"); None outside root."""
    marker = "/" + root.strip("/") + "/"
    path = "/" + path.lstrip("/")
    if marker not in path:
        return None
    rest = path.split(marker, 1)[1].split("/")
    return rest[0] if len(rest) > 1 else re.sub(r"(\.c)?(\.o)?$", "", rest[0])


DECLARED = re.compile(r"^[A-Za-z_][\w \t*]*?\b(lb_\w+)\s*\(", re.M)
INCLUDE = re.compile(r'^#include\s+"([^"]+)"', re.M)


def area_edges(root, paths):
    """Edges between the areas of root: calls (an object using a symbol another area's object
    defines) and includes (a file including a header of another area: a header in its folder, or
    a public header include/lb/*.h whose functions that area defines, with the public headers it
    includes in turn). Headers shared by several areas beside them (apply_int.h) count for none.
    Each edge keeps one example of why."""
    defined, used = {}, {}
    for path in paths:
        d, u = objects(path, sum(a.endswith(".a") for a in paths))
        defined.update(d)
        used.update(u)
    edges = {}

    def edge(a, b, why):
        if a and b and a != b:
            edges.setdefault(a, {}).setdefault(b, why)

    for obj, syms in used.items():
        for sym in sorted(syms):
            if sym in defined:
                edge(area_of(obj, root), area_of(defined[sym], root),
                     f"{os.path.basename(obj)} calls {sym}")
    # the area of each public header: the one defining most of the functions it declares
    owner, public_includes = {}, {}
    for header in glob.glob("include/lb/*.h"):
        text = open(header, encoding="utf-8").read()
        name = "lb/" + os.path.basename(header)
        public_includes[name] = ["lb/" + h for h in INCLUDE.findall(text)]
        areas = [area_of(defined[f], root) for f in DECLARED.findall(text) if f in defined]
        areas = [a for a in areas if a]
        if areas:
            owner[name] = max(sorted(set(areas)), key=areas.count)

    def public_closure(name, seen):
        if name in seen:
            return
        seen.add(name)
        for h in public_includes.get(name, []):
            public_closure(h, seen)

    private = {os.path.basename(h): area_of(h, root)
               for h in glob.glob(root.rstrip("/") + "/*/*.h")}
    for source in sorted(glob.glob(root.rstrip("/") + "/**/*.[ch]", recursive=True)):
        area = area_of(source, root)
        if source.endswith(".h") and os.path.dirname(source) == root.rstrip("/"):
            continue  # a header shared beside the areas
        for inc in INCLUDE.findall(open(source, encoding="utf-8").read()):
            if inc.startswith("lb/"):
                seen = set()
                public_closure(inc, seen)
                for h in sorted(seen):
                    via = "" if h == inc else f" (through {inc})"
                    edge(area, owner.get(h), f"{os.path.basename(source)} includes {h}{via}")
            elif inc in private:
                edge(area, private[inc], f"{os.path.basename(source)} includes {inc}")
    return edges


def folders(root, paths):
    edges = area_edges(root, paths)
    nodes = set(edges) | {b for e in edges.values() for b in e}
    graph = {a: set(edges.get(a, {})) for a in nodes}
    found = cycles(graph)
    if found:
        print(f"FAIL: {len(found)} circle(s) between the areas of {root}:")
        for comp in found:
            print("  " + " <-> ".join(comp))
            for a in comp:
                for b in sorted(edges.get(a, {})):
                    if b in comp:
                        print(f"    {a} -> {b}: {edges[a][b]}")
        return 1
    count = sum(len(v) for v in edges.values())
    print(f"no circle between the {len(nodes)} areas of {root} ({count} uses of another area)")
    for a in sorted(edges):
        print(f"  {a} -> {', '.join(sorted(edges[a]))}")
    return 0


def main():
    if len(sys.argv) < 2:
        print("usage: circles.py LIBRARY.a|OBJECT.o...\n"
              "       circles.py --folders FOLDER LIBRARY.a|OBJECT.o...")
        return 2
    if sys.argv[1] == "--folders":
        return folders(sys.argv[2], sys.argv[3:])
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
