#!/bin/bash
# call 2: the bundle's second part (what one call carries: 64 MiB with the tree).
cp "$PWD/dist/bpart.ab1" /tmp/okb/ && ls -la /tmp/okb
