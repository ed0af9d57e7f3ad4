# Shared by the benchmarks: source it, then call the function.

# Installs the Debian package `$2` when the command `$1` is missing (apt-get, with sudo when not
# root; the package lists are fetched first when the install fails without them); exits 2 when
# it cannot. The benchmarks' tools (wrk, osmium-tool) are theirs alone: CI never needs them.
ensure_command() {
    command -v "$1" >/dev/null && return 0
    local sudo="sudo"
    [ "$(id -u)" -eq 0 ] && sudo=""
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get install -y -qq "$2" >/dev/null 2>&1 \
        || { $sudo apt-get update -qq >/dev/null && $sudo apt-get install -y -qq "$2" >/dev/null; } \
        || { echo "$(basename "$0"): $1 is missing and $2 cannot be installed" >&2; exit 2; }
}
