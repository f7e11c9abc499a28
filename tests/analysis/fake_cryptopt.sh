#!/bin/sh
# A stand-in cryptopt for the analysis tests (never run).
exit 1
