#!/bin/bash
# call 2a: the first part of the bundle archive into /tmp/okb (the tree plus the whole archive pass 64 MiB)
R=$PWD; cp "$R/dist/bpart.aa" /tmp/okb/ && ls -la /tmp/okb
