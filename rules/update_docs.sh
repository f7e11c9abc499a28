#!/usr/bin/env bash
# Copies the generated reference over docs/rules.md (run with `bazel run //rules:update_docs`).
set -euo pipefail
cp "$1" "${BUILD_WORKSPACE_DIRECTORY:?run me with bazel run}/docs/rules.md"
chmod 644 "${BUILD_WORKSPACE_DIRECTORY}/docs/rules.md"
echo "wrote docs/rules.md"
