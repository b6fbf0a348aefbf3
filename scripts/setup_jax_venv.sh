#!/bin/sh
# Creates .venv-jax (gitignored) with jax and jaxlib from PyPI, for the portable-artifact
# interop tests (tools/tests/portable_artifacts.rs skips them, with a note, without it).
set -e
cd "$(dirname "$0")/.."
[ -x .venv-jax/bin/python ] || python3 -m venv .venv-jax
.venv-jax/bin/pip install -q "jax[cpu]" numpy
.venv-jax/bin/python scripts/portable_jax.py versions
