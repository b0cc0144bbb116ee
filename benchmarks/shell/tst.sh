#!/bin/sh
# One copy of UnixBench's shell workload: sort a text file, dump it in
# octal and sort that numerically, grep a word through tee and wc, and
# remove the four files.
set -e
sort <"$1" >sort.$$
od sort.$$ | sort -n -k 1 >od.$$
grep the sort.$$ | tee grep.$$ | wc >wc.$$
rm sort.$$ grep.$$ od.$$ wc.$$
