# The house rules of issue 20 §4, checked on the tree and on the built driver:
#  - no function in driver/**/*.c or kernels/common/*.c over 120 lines;
#  - no source that includes "../", and no "../" in kernels/CMakeLists.txt (a folder reaching up
#    into the one above it);
#  - every driver/ file opens with a comment (what it holds);
#  - every command (cmd_*) reads its options with getopt_long;
#  - no record field read or written by a string name in the driver: a literal "kernel" where
#    ok_record.def has the field kernel (issue 31 §5); use rs_str(j, OKF_kernel) or OK_FNAME(kernel);
#  - one read loop of JSON lines (ok_jsonl_each);
#  - no circle of driver/ files (nor of driver/'s folders) calling each other: the graph "object A uses a symbol object B
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
' $(find driver -name '*.c' | sort) kernels/common/*.c >"$TMP/long"
[ -s driver/run/run.c ] || fail "no driver sources under $SRC"
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

# Typed fields: a field name of record/ok_record.def written as a string where the driver reads,
# writes or compares a JSON member: the key of json_object_get/set/set_new/del, ok_jstr/ok_jint, a
# key of json_pack (comments left out). The driver names a field by its enum
# (rs_str(j, OKF_kernel)) or OK_FNAME(kernel), so that a name the table lacks does not compile. A
# member that is not a record field but shares a name (provenance's "host", check.json's
# "status") is a named constant in a header. Labels, option names and messages are no keys.
sed -n 's/^OK_FIELD(\([A-Za-z_0-9]*\),.*/\1/p' record/ok_record.def >"$TMP/fields"
[ -s "$TMP/fields" ] || fail "no OK_FIELD rows read from record/ok_record.def"
cat >"$TMP/typed.pl" <<'EOP'
open my $fh, "<", shift or die; my %f = map { chomp; ($_, 1) } <$fh>;
my $S = qr/"(?:[^"\\\n]|\\.)*"/;           # a string literal
my $A = qr/(?:[^(),;"]|$S|\((?:[^()"]|$S|\((?:[^()"]|$S)*\))*\))*/; # one argument
for my $file (@ARGV) {
  open my $in, "<", $file or die; local $/; my $src = <$in>;
  # comments out (their newlines kept, so line numbers hold); string and char literals stay whole
  $src =~ s{($S)|('(?:[^'\\\n]|\\.)*')|(/\*.*?\*/)|(//[^\n]*)}
           { defined $1 || defined $2 ? ($1 // $2) : defined $3 ? ($3 =~ tr/\n//cdr) : "" }gse;
  my @hit;
  while ($src =~ /\b(?:json_object_(?:get|set_new|set|del)|ok_j(?:str|int))\(\s*$A,\s*"(\w+)"/g) { push @hit, [$-[1], $1] }
  # json_pack: the format says which arguments are keys ("{s:s, s:i}": the 1st and the 3rd)
  while ($src =~ /\bjson_pack\(\s*("(?:[^"\\\n]|\\.)*")((?:\s*,\s*$A)*)\)/g) {
    my ($fmt, $args, $at) = ($1, $2, $-[2]);
    my (@arg, @key, @ctx, $n);
    while ($args =~ /,\s*($A)/g) { push @arg, [$-[1], $1] }
    for my $c (split //, $fmt) {
      if ($c eq '{' || $c eq '[') { push @ctx, $c eq '{' ? 'k' : 'v' }
      elsif ($c eq '}' || $c eq ']') { pop @ctx; $ctx[-1] = 'k' if @ctx && $ctx[-1] eq 'x' }
      elsif ($c eq ':') { $ctx[-1] = 'x' if @ctx }
      elsif ($c =~ /[sibfoOIF]/) {
        if (@ctx && $ctx[-1] eq 'k') { push @key, $n } elsif (@ctx && $ctx[-1] eq 'x') { $ctx[-1] = 'k' }
        ++$n;
      } elsif ($c eq '#' || $c eq '%') { ++$n }
    }
    for (@key) { my $a = $arg[$_] or next; push @hit, [$at + $a->[0], $1] if $a->[1] =~ /^"(\w+)"$/ }
  }
  for (@hit) {
    next unless $f{$_->[1]};
    my $ln = 1 + (substr($src, 0, $_->[0]) =~ tr/\n//);
    print "$file:$ln \"$_->[1]\"\n";
  }
}
EOP
find driver -name '*.c' | sort | xargs perl "$TMP/typed.pl" "$TMP/fields" | sort -u >"$TMP/names"
if [ -s "$TMP/names" ]; then
  fail "record fields named by a string in the driver (use rs_str(j, OKF_x) or OK_FNAME(x)): $(wc -l <"$TMP/names") of them: $(head -n 20 "$TMP/names" | tr '\n' ';')"
fi

# Each driver/ file opens with a comment that says what it holds.
for f in $(find driver -name '*.[ch]' | sort); do
  head -c 2 "$f" | grep -q '^/\*' || fail "$f does not open with a comment saying what it holds"
done

# One command-line style: every command reads its options with getopt_long.
for f in $(find driver -name '*.c' | sort | xargs grep -l '^int cmd_[a-z_]*(int argc, char \*\*argv) {'); do
  grep -q getopt_long "$f" || fail "$f: a command that does not read its options with getopt_long"
done

# No file circle: edges "user definer" between the driver's objects, then tsort finds any loop.
OBJ="$BUILD/driver/CMakeFiles/ompkit.dir"
set -- $(find "$OBJ" -mindepth 2 -name '*.o' | sort) # in a folder: a flat object is a stale one
[ -f "${1:-}" ] || fail "no driver objects under $OBJ (build the ompkit target first)"
# nm -A: "DIR/FOLDER/FILE.c.o:ADDRESS T sym" (defined) or "...: U sym" (used), one process. A
# file is FOLDER/FILE; the folder graph comes from the same edges.
nm -A "$@" | awk -v obj="$OBJ/" '{ f = $1; sub(/:.*/, "", f); sub(obj, "", f); sub(/\.c\.o$/, "", f) }
                  $2 ~ /^[TDBRG]$/ { print "D", $3, f } $2 == "U" { print "U", $3, f }' >"$TMP/syms"
awk '$1 == "D" { def[$2] = $3; next } { use[NR] = $2; user[NR] = $3 }
     END { for (i in use) if ((use[i] in def) && def[use[i]] != user[i]) print user[i], def[use[i]] }' "$TMP/syms" |
  sort -u >"$TMP/edges"
[ -s "$TMP/edges" ] || fail "no calls between the driver's objects found: nm output not understood"
if ! tsort "$TMP/edges" >/dev/null 2>"$TMP/loop"; then
  fail "driver/ files call each other in a circle: $(tr '\n' ' ' <"$TMP/loop")"
fi
# No circle of folders either (core/, report/, judge/, run/, analyze/, cmds/): driver/CMakeLists.txt
# says which folder may use which.
awk '{ a = $1; b = $2; sub(/\/.*/, "", a); sub(/\/.*/, "", b); if (a != b) print a, b }' "$TMP/edges" | sort -u >"$TMP/fedges"
[ -s "$TMP/fedges" ] || fail "no calls between the driver's folders found (are the sources in folders?)"
if ! tsort "$TMP/fedges" >/dev/null 2>"$TMP/floop"; then
  fail "driver/ folders call each other in a circle: $(tr '\n' ' ' <"$TMP/floop") (edges: $(tr '\n' ';' <"$TMP/fedges"))"
fi
# One JSONL read loop (issue 31 §5: there were five): a JSON-lines file is read through
# ok_jsonl_each (driver/core/core.c). Other getline loops read C sources (analyze_nokernel.c).
grep -rln 'getline(' driver --include='*.c' | grep -v -e '^driver/core/core.c$' -e '^driver/analyze/analyze_nokernel.c$' >"$TMP/loops" || true
[ -s "$TMP/loops" ] && fail "a read loop of its own (read JSON lines with ok_jsonl_each): $(tr '\n' ' ' <"$TMP/loops")"
if [ -n "$(find driver -maxdepth 1 -name '*.[ch]')" ]; then
  fail "driver/ sources outside a folder: $(find driver -maxdepth 1 -name '*.[ch]' | tr '\n' ' ')"
fi
pass "house rules: one JSONL read loop, no function over $MAX lines, no \"../\" include or kernels/ build path, every driver/ file opens with a comment, every command on getopt_long, no record field by a string name, no file circle among $(wc -l <"$TMP/edges") calls between driver/ files, no folder circle among $(tr '\n' ';' <"$TMP/fedges")"
