# Shared by the wrk benchmarks (serve.sh, search.sh): source it, then call the functions.

# shellcheck source=packages.sh
. "$(dirname "${BASH_SOURCE[0]}")/packages.sh"

# Installs wrk when it is missing; exits 2 when it cannot.
ensure_wrk() { ensure_command wrk wrk; }

# A free TCP port on 127.0.0.1.
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# Waits up to 30 s for a `venues serve` log file to say it listens.
wait_listening() {
    for _ in $(seq 1 300); do
        grep -q "listening on" "$1" 2>/dev/null && return 0
        sleep 0.1
    done
}

# wrk's figures from its --latency output file: requests/s, p50, p99 and errors (non-2xx
# answers and socket errors), as four columns.
wrk_figures() {
    awk '
        /Requests\/sec:/ { rps = $2 }
        /^ +50%/ { p50 = $2 }
        /^ +99%/ { p99 = $2 }
        /Non-2xx or 3xx responses:/ { errors += $NF }
        /Socket errors:/ { gsub(",", ""); errors += $4 + $6 + $8 + $10 }
        END { printf "%10s %9s %9s %7d", rps, p50, p99, errors }
    ' "$1"
}
