#!/usr/bin/env bash
# Builds Vireo and starts one node in the foreground with the Karaf shell.
#   ./run-node.sh                               the all-in-one appliance: a director that also scans; its
#                                               balancer on port 9090 forwards to its own filtering proxy (3128):
#                                               curl -x http://127.0.0.1:9090 http://example.org/
#   ./run-node.sh director|backup|scanner       a node of that role only (VIREO_ROLE)
# The node runs from a fresh copy of the distribution in target/node (never from the build's own
# karaf-assembly/target/assembly, which the tarball is made from), so each run is a first start:
# it creates a new admin password in target/node/etc/admin.password.
set -euo pipefail
cd "$(dirname "$0")"
role="${1:-}"
case "$role" in
    ''|director|backup|scanner) ;;
    *) echo "run-node.sh: unknown role '$role': accepted roles are director, backup, scanner (none: all-in-one)" >&2; exit 2 ;;
esac
mvn -B -ntp -q package -DskipTests
rm -rf target/node
mkdir -p target/node
tar xzf karaf-assembly/target/vireo-*.tar.gz -C target/node --strip-components=1
if [ -n "$role" ]; then
    export VIREO_ROLE="$role"
else
    unset VIREO_ROLE
fi
exec target/node/bin/karaf
