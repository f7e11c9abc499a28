"""Public API of rules_cryptopt.

    load("@rules_cryptopt//rules:defs.bzl", "cryptopt_field")

    cryptopt_field(name = "p256_mul", curve = "p256", op = "mul", genome = "p256_mul.genome.json")
    cc_test(name = "p256_mul_test", srcs = ["p256_mul_test.c"], deps = [":p256_mul"])

    cryptopt_go_library(name = "p256", curve = "p256", ops = ["mul", "square"],
                        importpath = "example.com/p256")  # a go_library; see docs/go.md

    cryptopt_toolchain(name = "prebuilt", cryptopt = "@my_cryptopt//:cryptopt")  # docs/rules_guide.md
"""

load("//rules/private:cryptopt_ct_test.bzl", _cryptopt_ct_test = "cryptopt_ct_test")
load("//rules/private:cryptopt_field.bzl", _cryptopt_field = "cryptopt_field")
load("//rules/private:cryptopt_go_library.bzl", _cryptopt_go_library = "cryptopt_go_library")
load("//rules/private:providers.bzl", _CryptoptFieldInfo = "CryptoptFieldInfo", _CryptoptGoLibraryInfo = "CryptoptGoLibraryInfo")
load("//rules/private:toolchain.bzl", _cryptopt_toolchain = "cryptopt_toolchain")

cryptopt_field = _cryptopt_field
cryptopt_go_library = _cryptopt_go_library
CryptoptFieldInfo = _CryptoptFieldInfo
CryptoptGoLibraryInfo = _CryptoptGoLibraryInfo
cryptopt_ct_test = _cryptopt_ct_test
cryptopt_toolchain = _cryptopt_toolchain
