#!/usr/bin/env bash
# Builds the Python package (python/) as a wheel any Linux x86-64 CPython 3.9
# or later can install without Rust: one abi3 wheel (pyo3's `abi3-py39`, the
# stable ABI) linked against glibc 2.17 (manylinux2014) by maturin with zig as
# the linker, so the build machine's newer glibc does not leak into it. The
# wheel is then checked with `auditwheel show`. The wheel's path is all the
# script writes to stdout (the build's and auditwheel's reports go to
# stderr), so `wheel="$(scripts/build_wheel.sh)"` works.
#
# Usage: scripts/build_wheel.sh [OUT_DIR]
#   OUT_DIR: where the wheel is written (default: target/wheels); a wheel of
#   the same name there is replaced.
#
# Needs a Rust toolchain (cargo) and python3 with venv; maturin, ziglang and
# auditwheel (pinned below) are installed from PyPI into a venv of their own
# under the target directory (target/wheel-tools), made on the first run and
# reused. The build uses the workspace's release profile (whole-program LTO,
# one codegen unit): a first run (tools included) took 139 s of user CPU on
# 2 cores, and with thin LTO and 16 codegen units no less (149 s), so CI
# (.ci/run) builds the very wheel users get.
set -euo pipefail
cd "$(dirname "$0")/.."

out="${1:-target/wheels}"
# maturin 1.16 runs zig through `python -m ziglang`; zig 0.15 links for
# glibc 2.17 (manylinux2014), so manylinux_2_28 is not needed.
pins=(maturin==1.16.0 ziglang==0.15.2 auditwheel==6.8.2)
# The manylinux2014 tag auditwheel must report (PEP 600 name).
tag=manylinux_2_17_x86_64

target_dir="$(cargo metadata --format-version 1 --no-deps \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')"
tools="$target_dir/wheel-tools"
if [[ "$(cat "$tools/pins" 2>/dev/null)" != "${pins[*]}" ]]; then
  rm -rf "$tools"
  python3 -m venv "$tools"
  "$tools/bin/pip" install -q --disable-pip-version-check "${pins[@]}" >&2
  echo "${pins[*]}" >"$tools/pins"
fi

# Built into a folder of its own, so exactly one wheel comes out to check.
mkdir -p "$out"
build="$(mktemp -d "$target_dir/wheel-build.XXXXXX")"
trap 'rm -rf "$build"' EXIT
# The tools' venv first on the PATH: maturin finds zig in its Python.
PATH="$tools/bin:$PATH" "$tools/bin/maturin" build --release --zig --compatibility manylinux2014 \
  --manifest-path python/Cargo.toml --out "$build" >&2
wheels=("$build"/*.whl)
if ((${#wheels[@]} != 1)); then
  echo "build_wheel.sh: expected one wheel, got: ${wheels[*]}" >&2
  exit 1
fi
wheel="${wheels[0]}"
case "$(basename "$wheel")" in
  *-cp39-abi3-*"$tag"*.whl) ;;
  *)
    echo "build_wheel.sh: $(basename "$wheel") is not tagged cp39-abi3 $tag" >&2
    exit 1
    ;;
esac

# auditwheel reads the extension's symbol versions and libraries; it must
# find the wheel consistent with manylinux2014 (its report wraps lines).
report="$("$tools/bin/auditwheel" show "$wheel")"
echo "$report" >&2
if ! tr '\n' ' ' <<<"$report" | grep -q "consistent with the following platform tag: *\"$tag\""; then
  echo "build_wheel.sh: auditwheel does not find $(basename "$wheel") $tag compliant" >&2
  exit 1
fi

mv -f "$wheel" "$out/"
echo "$out/$(basename "$wheel")"
