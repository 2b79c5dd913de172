# ompkit analyze on programs as their builds build them (issue 30): the fixtures of
# tests/fixtures/analyze/programs/, written for the kit, each asserting one verdict from
# analysis.json (test_analyze p30) and the exit status:
#   a region in an included header (named by the header) and one in #if 0 (no row), the header
#   named on the command line not compiled as a unit; a template built for two types (a row per
#   instance, the costlier one costly); a remark raised in a callee operator (on the region); a
#   `teams loop` run one thread per team because of a struct assignment (the cause, both fixes);
#   a body outlined into a same-file function (linked registers above the kernel's own); a live
#   `target teams loop` clang 16 drops (no kernel, no launch: a finding, exit 1); a configuration
#   that fails (no what-if verdict, exit 1, --allow-compile-failures 0); a compile database of
#   two units with their own flags and an offload target (honoured, said; a non-NVIDIA one
#   refused); Fortran refused in one line.
. "$(dirname "$0")/lib.sh"
OMPKIT=${OMPKIT_UNDER_TEST:-$OMPKIT} # the driver of another tree, to show a check fails before a fix
T="$BUILD/tests/test_analyze"
FX="$SRC/tests/fixtures/analyze/programs"
config_enabled target-clang19 || skip "target-clang19 is not enabled"
an() { # an OUT ARGS...: analyze into $TMP/OUT, the exit status in $TMP/OUT.rc
  o=$1
  shift
  "$OMPKIT" analyze --out "$TMP/$o" "$@" >"$TMP/$o.txt" 2>&1
  echo $? >"$TMP/$o.rc"
}
rc_is() { [ "$(cat "$TMP/$1.rc")" = "$2" ] || fail "$1: exit $(cat "$TMP/$1.rc"), want $2: $(tail -n 5 "$TMP/$1.txt")"; }
check() { "$T" p30 "$@" || fail "$1 ($2)"; }
one_line_exit2() { # one_line_exit2 WANT ARGS...: exit 2 and one line on stderr holding WANT
  want=$1
  shift
  "$OMPKIT" analyze "$@" >"$TMP/o" 2>"$TMP/e"
  rc=$?
  [ $rc = 2 ] || fail "analyze $*: exit $rc, want 2"
  [ "$(wc -l <"$TMP/e")" = 1 ] && grep -q "$want" "$TMP/e" || fail "analyze $*: not one line with '$want': $(cat "$TMP/e")"
}

# §1: a header's region under its own name, #if 0 absent, the named header no unit
an hdr "$FX/hdr_main.c" "$FX/hdr_regions.h" --configs target-clang19 --no-whatif
rc_is hdr 0
check header "$TMP/hdr/analysis.json" target-clang19
# §7: the EXPECT lines written in the header judge its region (both hold); one made wrong fails (exit 1)
check headerexpect "$TMP/hdr/analysis.json" target-clang19 2 0
mkdir -p "$TMP/hx" && cp "$FX/hdr_main.c" "$TMP/hx/" && sed 's|EXPECT-MODE: SPMD|EXPECT-MODE: Generic|' "$FX/hdr_regions.h" >"$TMP/hx/hdr_regions.h"
an hx "$TMP/hx/hdr_main.c" --configs target-clang19 --no-whatif
rc_is hx 1
check headerexpect "$TMP/hx/analysis.json" target-clang19 1 1
grep -q 'EXPECT fails: hdr_regions.h:' "$TMP/hx.txt" || fail "the header's failing EXPECT line is not on the terminal"
one_line_exit2 "only headers" "$FX/hdr_regions.h" --configs target-clang19
printf 'program p\nend program p\n' >"$TMP/p.f90"
one_line_exit2 "Fortran: not supported yet" "$TMP/p.f90"

# §1, §3: every instance a row, each judged, the costlier one costly
an tt "$FX/two_types.cpp" --configs target-clang19 --no-whatif
rc_is tt 0
check instances "$TMP/tt/analysis.json" target-clang19

# §2: a callee's remark on the region that reaches it
an cr "$FX/callee_remark.cpp" --configs target-clang19 --no-whatif
check callee "$TMP/cr/analysis.json" target-clang19

# §2: one thread per team: the cause named with its line, both fixes
an sa "$FX/struct_assign.cpp" --configs target-clang19 --whatif-flags no-nested-parallelism
check cause "$TMP/sa/analysis.json" target-clang19

# §3: the linked figure counts an out-of-line callee of the same file
an ol "$FX/outlined.c" --configs target-clang19 --no-whatif
rc_is ol 0
check outlined "$TMP/ol/analysis.json" target-clang19

# §4: a live region a configuration drops; a configuration that does not compile
if config_enabled target-clang16; then
  an tl "$FX/teams_loop.c" --configs target-clang19,target-clang16 --no-whatif
  rc_is tl 1
  check dropped "$TMP/tl/analysis.json" target-clang16 target-clang19
  grep -q 'no device kernel and no launch' "$TMP/tl.txt" || fail "the drop is not on the terminal"
  # clang 16 alone: no kernel anywhere, yet a live region: the compilers' drop (exit 1), not "no region"
  "$OMPKIT" analyze "$FX/teams_loop.c" --configs target-clang16 --no-whatif --out "$TMP/tl16" >"$TMP/o" 2>"$TMP/e"
  rc=$?
  [ $rc = 1 ] && grep -q 'teams_loop.c:6 holds a live target region' "$TMP/e" ||
    fail "clang 16 alone on teams_loop.c: exit $rc: $(cat "$TMP/e")"
  an tla "$FX/teams_loop.c" --configs target-clang19,target-clang16 --no-whatif --allow-compile-failures
  rc_is tla 0
  an bad "$SRC/tests/fixtures/analyze/badcompile.c" --configs target-clang19,target-clang16 \
    --whatif-configs target-clang16 --whatif-flags cuda-mode,no-thread-state
  rc_is bad 1
  check failed "$TMP/bad/analysis.json" target-clang16
  grep -q 'no change' "$TMP/bad.txt" && fail "a configuration that failed says 'no change'"
fi

# §1: a compile database of two units, each with its own flags; its offload target honoured
mkdir -p "$TMP/db" && cp -r "$FX/db/." "$TMP/db/"
sed "s|@DIR@|$TMP/db|g" "$FX/db/compile_commands.json.in" >"$TMP/db/compile_commands.json"
an db -p "$TMP/db" --configs target-clang19 --no-whatif
rc_is db 0
check compdb "$TMP/db/analysis.json" target-clang19
head -n 3 "$TMP/db/report.md" | grep -q 'offload target sm_80 (the program.s -Xopenmp-target -march=sm_80' ||
  fail "the report's first line does not say the program's offload target: $(head -n 3 "$TMP/db/report.md")"
grep -q '"flags": ".*--offload-arch=sm_80' "$TMP/db/analysis.json" && ! grep -q 'offload-arch=sm_90' "$TMP/db/analysis.json" ||
  fail "the configurations did not build for the program's sm_80"
an dbo -p "$TMP/db" --configs target-clang19 --no-whatif -- --offload-arch=sm_90
rc_is dbo 0
head -n 3 "$TMP/dbo/report.md" | grep -q "offload target sm_90 (the command line's --offload-arch=sm_90, over the program's -Xopenmp-target -march=sm_80" ||
  fail "a target in -- FLAGS is not said over the database's: $(head -n 3 "$TMP/dbo/report.md")"
sed 's|-march=sm_80|-march=gfx908|; s|nvptx64-nvidia-cuda", "-Xopenmp-target"|amdgcn-amd-amdhsa", "-Xopenmp-target"|' \
  "$TMP/db/compile_commands.json" >"$TMP/db/amd.json"
one_line_exit2 "not NVIDIA's" -p "$TMP/db/amd.json" --configs target-clang19

# one directive, two kernels (a kit source built for float and double): two rows
P="$SRC/proxies"
an two "$P/su3/omp_target/su3_v1_manual.c" --configs target-clang19 --no-whatif \
  -- "-I$SRC/record" "-I$SRC/kernels/common" "-I$SRC/kernels/omp_target" "-I$P/common" "-I$P/su3"
check twokernels "$TMP/two/analysis.json" target-clang19
pass "analyze programs: header and #if 0, instances, callee remark, linked figure, dropped region, failed configuration, compile database"
