#!/bin/sh
# Prints slsr_chain.c's device code reduced to plain IR: one function, one block, an N-step chain
#   x' = x * 3 + trunc(f((x + l) & 1))
# f is an opaque external call whose argument carries `noundef`, as clang emits every C argument.
#   sh slsr_chain_ll.sh N [ATTR] >chain.ll && opt-22 -passes=slsr -disable-output chain.ll
# ATTR: the argument's attribute (default noundef); `none` leaves it out.
set -eu
n=${1:?usage: slsr_chain_ll.sh N [noundef|none]}
attr=${2:-noundef}
[ "$attr" = none ] && attr=''
awk -v n="$n" -v attr="$attr" 'BEGIN {
  if (attr != "") attr = attr " "
  print "target triple = \"nvptx64-nvidia-cuda\""
  print ""
  print "declare i64 @f(i32)"
  print ""
  print "define i32 @chain(i32 %l) {"
  x = "%l"
  for (k = 0; k < n; ++k) {
    printf "  %%m%d = mul i32 %s, 3\n", k, x
    printf "  %%a%d = add i32 %s, %%l\n", k, x
    printf "  %%t%d = and i32 %%a%d, 1\n", k, k
    printf "  %%c%d = call i64 @f(i32 %s%%t%d)\n", k, attr, k
    printf "  %%b%d = trunc i64 %%c%d to i32\n", k, k
    printf "  %%x%d = add i32 %%m%d, %%b%d\n", k + 1, k, k
    x = "%x" (k + 1)
  }
  printf "  ret i32 %s\n}\n", x
}'
