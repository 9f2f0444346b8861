#!/bin/bash
t=$EPOCHREALTIME
printf '%s %s %s %s\n' "$t" "$VIREO_NODE" "$VIREO_EVENT_SEQ" "$*" >> "/work/main/bench/results/notify-20261206T062624Z/hooks.txt"
