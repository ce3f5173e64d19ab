#!/usr/bin/env bash
# Each library links only what its layers need: the symbols a static library leaves undefined
# name none of the libraries it must not link (liblb_rules.a: no JSON, database, HTTP or hashing
# library, only libc and libm; liblb_game.a: no database, no HTTP; ...), and each program given
# needs at run time no shared library beyond the ones listed with it (the sanitizers' aside).
# Usage: layers.sh [--library LIB.a "FORBIDDEN..."]... [--program PROGRAM "ALLOWED..."]...
# FORBIDDEN and ALLOWED are symbol prefixes (json_ yajl_ sqlite3_ PQ MHD_ nettle_) and library
# names (libc libm) respectively.
set -u
status=0
while [ $# -ge 3 ]; do
    kind=$1 file=$2 list=$3
    shift 3
    name=$(basename "$file")
    case $kind in
    --library)
        undefined=$(nm -u "$file" | awk '{ print $NF }' | sort -u) ||
            { echo "FAIL: nm $name"; exit 1; }
        bad=""
        for prefix in $list; do
            hits=$(printf '%s\n' "$undefined" | grep -c "^$prefix")
            [ "$hits" -gt 0 ] && bad="$bad $prefix* ($hits)"
        done
        if [ -n "$bad" ]; then
            echo "FAIL: $name uses symbols of a library it must not link:$bad"
            status=1
        else
            echo "$name: $(printf '%s\n' "$undefined" | grep -vc '^__\(a\|ub\)san') symbols from" \
                 "outside, none of: $list"
        fi
        ;;
    --program)
        needed=$(readelf -d "$file" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p') ||
            { echo "FAIL: readelf $name"; exit 1; }
        extra=""
        for lib in $needed; do
            base=${lib%%.so*}
            case " $list " in *" $base "*) continue ;; esac
            case $base in libasan | libubsan | libgcc_s | libstdc++ | ld-linux*) continue ;; esac
            extra="$extra $lib"
        done
        if [ -n "$extra" ]; then
            echo "FAIL: $name needs$extra beyond $list"
            status=1
        else
            echo "$name needs:" $needed
        fi
        ;;
    *)
        echo "usage: layers.sh [--library LIB.a \"FORBIDDEN...\"]... [--program PROGRAM \"ALLOWED...\"]..."
        exit 2
        ;;
    esac
done
[ $# -eq 0 ] || { echo "usage: arguments go by three"; exit 2; }
exit $status
