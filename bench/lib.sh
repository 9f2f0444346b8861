# lib.sh - helpers the bench scripts share (sourced, not run)

stop_pid() { # pid signal [seconds, default 5]: signal, wait that long for the end, then KILL
  local pid=$1 i
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 0
  kill "-$2" "$pid" 2>/dev/null
  for i in $(seq $(( ${3:-5} * 20 ))); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
  kill -KILL "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
}
