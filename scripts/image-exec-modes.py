#!/usr/bin/env python3
"""Execution modes as stored in a linked omp_target bench's device image (docs/ablation.md).

Finds the NVPTX ELF images (e_machine 190, EM_CUDA) embedded in the host executable, reads each
`<kernel>_kernel_environment` symbol and prints the kernel's ExecMode byte (1 Generic, 2 SPMD,
3 Generic-SPMD) and UseGenericStateMachine, one line per kernel:
    image-exec-modes.py BENCH [SUBSTRING]
This reads the image the runtime loads, not a per-file artefact."""
import struct
import sys

MODES = {1: "Generic", 2: "SPMD", 3: "Generic-SPMD"}


def images(blob):
    i = blob.find(b"\x7fELF")
    while i >= 0:
        if blob[i + 4] == 2 and struct.unpack_from("<H", blob, i + 18)[0] == 190:
            shoff, = struct.unpack_from("<Q", blob, i + 0x28)
            shentsize, shnum = struct.unpack_from("<HH", blob, i + 0x3A)
            end = shoff + shentsize * shnum
            yield blob[i:i + end]
        i = blob.find(b"\x7fELF", i + 4)


def sections(img):
    shoff, = struct.unpack_from("<Q", img, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", img, 0x3A)
    out = []
    for k in range(shnum):
        name, typ, flags, addr, off, size, link, info, align, entsize = struct.unpack_from(
            "<IIQQQQIIQQ", img, shoff + k * shentsize)
        out.append(dict(name=name, type=typ, off=off, size=size, link=link, entsize=entsize))
    return out


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: image-exec-modes.py BENCH [SUBSTRING]")
    want = sys.argv[2] if len(sys.argv) > 2 else ""
    blob = open(sys.argv[1], "rb").read()
    found = 0
    for img in images(blob):
        secs = sections(img)
        for s in secs:
            if s["type"] != 2:  # SHT_SYMTAB
                continue
            strtab = secs[s["link"]]
            for k in range(s["size"] // 24):
                name, info, other, shndx, value, size = struct.unpack_from("<IBBHQQ", img, s["off"] + k * 24)
                end = img.index(b"\0", strtab["off"] + name)
                sym = img[strtab["off"] + name:end].decode()
                if not sym.endswith("_kernel_environment") or want not in sym or shndx >= len(secs):
                    continue
                data = img[secs[shndx]["off"] + value:secs[shndx]["off"] + value + 3]
                if secs[shndx]["type"] == 8 or len(data) < 3:  # NOBITS: no initializer in the image
                    continue
                print("%-13s sm=%d %s" % (MODES.get(data[2], "?%d" % data[2]), data[0], sym[:-len("_kernel_environment")]))
                found += 1
    if not found:
        sys.exit("image-exec-modes: no kernel environment%s in %s" % (" matching " + want if want else "", sys.argv[1]))


main()
