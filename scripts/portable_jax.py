#!/usr/bin/env python3
"""jaxlib's side of the portable-artifact interop tests (tools/tests/portable_artifacts.rs).

  portable_jax.py versions
      prints jaxlib's current and minimum StableHLO versions
  portable_jax.py serialize OUTDIR TARGET FILE.mlir...
      writes OUTDIR/NAME.mlirbc: jaxlib's own artifact of each file
      (stablehlo.serialize_portable_artifact_str at TARGET); prints "ok NAME" or "fail NAME: why"
  portable_jax.py compare FILE.mlir ARTIFACT [FILE.mlir ARTIFACT ...]
      deserializes ARTIFACT (written by Strata) in jaxlib and compares it with jaxlib's
      deserialization of its own artifact of FILE.mlir at the same version (the producer string
      of ARTIFACT); prints "same NAME", "diff NAME" (with both modules) or "fail NAME: why"

Run with the venv of scripts/setup_jax_venv.sh (.venv-jax/bin/python).
"""
import os
import sys

from jax._src.interpreters import mlir as jm
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo


def ctx():
    return jm.make_ir_context()


def own_artifact(src, target):
    with ctx():
        m = ir.Module.parse(src)
        return stablehlo.serialize_portable_artifact_str(str(m), target)


def deserialized_text(artifact):
    with ctx():
        b = stablehlo.deserialize_portable_artifact_str(artifact)
        m = ir.Module.parse(b)
        return m.operation.get_asm(enable_debug_info=False)


def producer_version(art):
    head = art[4:64]
    s = head[1:head.index(b"\0")].decode()
    return s[len("StableHLO_v"):] if s.startswith("StableHLO_v") else None


def main(argv):
    cmd = argv[1]
    if cmd == "versions":
        print(stablehlo.get_current_version(), stablehlo.get_minimum_version())
        return 0
    if cmd == "serialize":
        out, target, files = argv[2], argv[3], argv[4:]
        if target == "current":
            target = stablehlo.get_current_version()
        for f in files:
            name = os.path.basename(f)[: -len(".mlir")]
            try:
                art = own_artifact(open(f).read(), target)
                open(os.path.join(out, name + ".mlirbc"), "wb").write(art)
                print("ok", name, flush=True)
            except Exception as e:  # noqa: BLE001 - report and go on
                print("fail", name + ":", str(e).replace("\n", " ")[:300], flush=True)
        return 0
    if cmd == "compare":
        pairs = argv[2:]
        for f, a in zip(pairs[0::2], pairs[1::2]):
            name = os.path.basename(f)[: -len(".mlir")]
            try:
                art = open(a, "rb").read()
                v = producer_version(art)
                mine = deserialized_text(art)
                theirs = deserialized_text(own_artifact(open(f).read(), v))
                if mine == theirs:
                    print("same", name, flush=True)
                else:
                    print("diff", name, flush=True)
                    print("--- strata artifact, read by jaxlib\n" + mine + "--- jaxlib artifact\n" + theirs, flush=True)
            except Exception as e:  # noqa: BLE001 - report and go on
                print("fail", name + ":", str(e).replace("\n", " ")[:300], flush=True)
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
