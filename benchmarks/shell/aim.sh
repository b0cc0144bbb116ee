#!/bin/sh
# AIM9's shell_rtns_1..3 script (ours, from its documented content): a
# long listing of the directory it runs in, thrown away. $1 is the
# load (1 for aim9, the task count for aim7), as the original is given.
ls -l >/dev/null 2>&1
