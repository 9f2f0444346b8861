# lib.sh - helpers the bench scripts share (sourced, not run)

stop_pid() { # pid signal [seconds, default 5]: signal, wait that long for the end, then KILL
  local pid=$1 i
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 0
  kill "-$2" "$pid" 2>/dev/null
  for i in $(seq $(( ${3:-5} * 20 ))); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
  kill -KILL "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
}

free_ports() { # n: n TCP ports free on 127.0.0.1 just now, on one line
  python3 -c '
import socket, sys
ss = [socket.socket() for _ in range(int(sys.argv[1]))]
for s in ss: s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in ss))
for s in ss: s.close()' "$1"
}

set_prop() { # file key value: changes a "key = value" line that must be there
  grep -Eq "^[[:space:]]*$2[[:space:]]*=" "$1" || { echo "$1: no $2 to change" >&2; return 1; }
  sed -i -E "s|^[[:space:]]*$2[[:space:]]*=.*|$2 = $3|" "$1"
}

squid_files() { # dir name: the lines of a squid.conf that put its pid and logs in dir and name it
  printf '%s\n' "pid_filename $1/squid.pid" "cache_log $1/cache.log" "access_log stdio:$1/access.log squid" \
    "cache_store_log none" "coredump_dir $1" "visible_hostname $2"
}
