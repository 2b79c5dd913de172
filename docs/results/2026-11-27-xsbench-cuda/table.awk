# run-there.sh's table from its raw files (r<round>-<size>-<grid>-program.txt / -kit.txt).
function med(s,   a, n, i, j, t) { n = split(s, a, " "); for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
  if (n == 0) return "-"; return n % 2 ? a[(n + 1) / 2] : sprintf("%.4f", (a[n / 2] + a[n / 2 + 1]) / 2) }
function add(k, v) { vals[k] = vals[k] " " v; if (!(k in seen)) { seen[k] = 1 } }
FNR == 1 { n = split(FILENAME, p, "/"); name = p[n]; split(name, q, "-"); setting = q[2] "-" q[3]; kind = q[4]; nx = 0; xs = "" }
kind ~ /^program/ && /XSKERNEL first_ms=/ { sub(/.*first_ms=/, ""); add(setting "|program|first", $1 + 0) }
kind ~ /^program/ && /XSKERNEL extra_ms=/ { sub(/.*extra_ms=/, ""); xs = xs " " $1; nx++ }
kind ~ /^program/ && /Verification checksum/ { add(setting "|program|hash", $3) }
kind ~ /^program/ { if (nx) lastx[FILENAME] = xs }
kind ~ /^kit/ && /^XSKIT / {
  for (i = 2; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
  split(f["warm_ms"], w, ","); add(setting "|" f["form"] "|first", f["first_ms"]); add(setting "|" f["form"] "|warm", w[1])
  info[setting "|" f["form"]] = f["regs"] " reg, " f["blocks_per_sm"] " blk/SM" (f["smem"] > 0 ? ", " f["smem"] / 1024 " KB smem" : "")
  if (f["ok"] != 1) bad[setting "|" f["form"]] = 1 }
END {
  for (k in lastx) { n = split(k, p, "/"); split(p[n], q, "-"); s = q[2] "-" q[3]; m = split(lastx[k], a, " "); tmp = ""
    for (i = 1; i <= m; i++) tmp = tmp " " a[i]; add(s "|program|warm", med(tmp)) }
  ns = split("small-unionized large-unionized large-hash small-nuclide", S, " ")
  nf = split("program now now_lb5 new new_occ4 new_occ5", F, " ")
  printf "| form | code |"; for (i = 1; i <= ns; i++) printf " %s first / warm ms |", S[i]; printf "\n|---|---|"
  for (i = 1; i <= ns; i++) printf "---|"; printf "\n"
  for (j = 1; j <= nf; j++) {
    c = (F[j] == "program") ? "XSBench cuda/, 48 reg, 5 blk/SM (ptxas here)" : info[S[1] "|" F[j]]
    printf "| %s | %s |", F[j], c
    for (i = 1; i <= ns; i++) { k = S[i] "|" F[j]; printf " %s / %s%s |", med(vals[k "|first"]), med(vals[k "|warm"]), (k in bad) ? " FAILED" : "" }
    printf "\n" }
  printf "\nmedian of %d rounds; each kit form's warm figure is the median of its warm launches, the program's of its XS_EXTRA_LAUNCHES.\n", repeats
  printf "ratio to the program (first launch, the issue's figure):\n"
  for (j = 2; j <= nf; j++) { printf "  %-9s", F[j]; for (i = 1; i <= ns; i++) { pa = med(vals[S[i] "|program|first"]); pb = med(vals[S[i] "|" F[j] "|first"]); if (pa + 0 > 0 && pb + 0 > 0) printf " %s %+.1f%%", S[i], 100 * (pb / pa - 1) } printf "\n" }
}
