# The house rules of issue 20 §4, checked on the tree and on the built driver:
#  - no function in driver/*.c or kernels/common/*.c over 120 lines;
#  - no source that includes "../", and no "../" in kernels/CMakeLists.txt (a folder reaching up
#    into the one above it);
#  - every driver/ file opens with a comment (what it holds);
#  - every command (cmd_*) reads its options with getopt_long;
#  - no circle of driver/ files calling each other: the graph "object A uses a symbol object B
#    defines" (nm: U against T/D/B/R) of the ompkit objects must have no loop.
. "$(dirname "$0")/lib.sh"
MAX=120

# A function: a column-0 line with "(" (not a prototype, typedef, initializer or preprocessor
# line) whose body opens with a line ending in "{", and ends at the next line that starts with
# "}". Its length counts from the signature's first line, as a reader sees it.
cd "$SRC"
awk -v max=$MAX '
  FNR == 1 { cand = 0; infn = 0 }
  infn && /^}/ { n = FNR - cand + 1; if (n > max) printf "%s:%s %d\n", FILENAME, name, n; infn = 0; cand = 0; next }
  infn { next }
  !cand && /^[A-Za-z_]/ && /\(/ && !/^(typedef|enum|#)/ && !/^struct [A-Za-z_0-9]+ \{/ {
    head = substr($0, 1, index($0, "(") - 1)
    if (head ~ /=/) next
    sub(/[ \t]+$/, "", head); n = split(head, w, /[ \t*]+/); name = w[n]; cand = FNR
  }
  cand && /;[ \t]*$/ && !/\{[ \t]*$/ { cand = 0; next }
  cand && /\{[ \t]*$/ { infn = 1 }
' driver/*.c kernels/common/*.c >"$TMP/long"
[ -s driver/run.c ] || fail "no driver sources under $SRC"
[ -s "$TMP/long" ] && fail "functions over $MAX lines (split them): $(tr '\n' ';' <"$TMP/long")"

# No folder reaching up: a source names what it includes from the include path, and the
# kernels' build is given the folders beside it (cmake/configs.cmake) instead of "../".
if grep -rn --include='*.[ch]' --include='*.cpp' --include='*.hpp' --include='*.cu' --include='*.cuh' \
     '#[ \t]*include[ \t]*"\.\./' driver remarks record kernels proxies >"$TMP/up"; then
  fail "includes reach up a folder (put the folder on the include path): $(tr '\n' ';' <"$TMP/up")"
fi
if grep -n 'CMAKE_SOURCE_DIR}/\.\.' kernels/CMakeLists.txt >"$TMP/upk"; then
  fail "kernels/CMakeLists.txt reaches up a folder (take it from the parent's OMPKIT_*_DIR): $(tr '\n' ';' <"$TMP/upk")"
fi

# Each driver/ file opens with a comment that says what it holds.
for f in driver/*.c driver/*.h; do
  head -c 2 "$f" | grep -q '^/\*' || fail "$f does not open with a comment saying what it holds"
done

# One command-line style: every command reads its options with getopt_long.
for f in $(grep -l '^int cmd_[a-z_]*(int argc, char \*\*argv) {' driver/*.c); do
  grep -q getopt_long "$f" || fail "$f: a command that does not read its options with getopt_long"
done

# No file circle: edges "user definer" between the driver's objects, then tsort finds any loop.
OBJ="$BUILD/driver/CMakeFiles/ompkit.dir"
set -- "$OBJ"/*.o
[ -f "$1" ] || fail "no driver objects under $OBJ (build the ompkit target first)"
# nm -A: "DIR/FILE.c.o:ADDRESS T sym" (defined) or "DIR/FILE.c.o: U sym" (used), one process.
nm -A "$@" | awk '{ f = $1; sub(/:.*/, "", f); sub(/.*\//, "", f); sub(/\.c\.o$/, "", f) }
                  $2 ~ /^[TDBRG]$/ { print "D", $3, f } $2 == "U" { print "U", $3, f }' >"$TMP/syms"
awk '$1 == "D" { def[$2] = $3; next } { use[NR] = $2; user[NR] = $3 }
     END { for (i in use) if ((use[i] in def) && def[use[i]] != user[i]) print user[i], def[use[i]] }' "$TMP/syms" |
  sort -u >"$TMP/edges"
[ -s "$TMP/edges" ] || fail "no calls between the driver's objects found: nm output not understood"
if ! tsort "$TMP/edges" >/dev/null 2>"$TMP/loop"; then
  fail "driver/ files call each other in a circle: $(tr '\n' ' ' <"$TMP/loop")"
fi
pass "house rules: no function over $MAX lines, no \"../\" include or kernels/ build path, every driver/ file opens with a comment, every command on getopt_long, no file circle among $(wc -l <"$TMP/edges") calls between driver/ files"
