#!/bin/sh
# A one-node Slurm cluster on this machine, from Debian's packages, to run the batch scripts of
# scripts/slurm/ against a real controller (CTest slurm_cluster; docs/nightly.md "Clusters"):
#   one-node.sh install                 apt-get slurm-wlm and munge when missing (root)
#   one-node.sh start DIR [PART...]     munged, slurmctld and slurmd, all their state, sockets,
#                                       logs and configuration under DIR (partitions: default one)
#   one-node.sh stop DIR                cancels the cluster's jobs and stops what start started
# Then: export SLURM_CONF=DIR/slurm.conf, and sbatch/squeue/scancel talk to this cluster only.
# The node declares 64 CPUs and 2 GPUs whatever this machine has (SlurmdParameters=config_overrides)
# so that the batch scripts' own #SBATCH lines (--exclusive, --gres) are what the controller
# judges; the GPUs are two empty files (no GPU runs here: the jobs run host configurations or
# --compile-only), which is enough for Slurm to allocate them and set CUDA_VISIBLE_DEVICES.
# Nothing outside DIR is written, so several clusters (several checkouts' CTest runs) can run at
# once on one machine: each has its own munge key and socket and its own free ports.
set -eu
PKGS="slurm-wlm munge"
# The daemons are in /usr/sbin, which a non-login root shell may lack on its PATH.
PATH=$PATH:/usr/sbin:/sbin
export PATH
say() { printf 'one-node.sh: %s\n' "$*" >&2; }

have_bins() {
  for b in munged slurmctld slurmd sbatch squeue scancel scontrol sinfo; do
    command -v $b >/dev/null 2>&1 || return 1
  done
}

install() {
  have_bins && return 0
  [ "$(id -u)" = 0 ] || { say "needs $PKGS and is not root"; return 1; }
  command -v apt-get >/dev/null 2>&1 || { say "needs $PKGS and there is no apt-get"; return 1; }
  export DEBIAN_FRONTEND=noninteractive
  # The package lists may be stale or absent on a fresh image: update once, only when needed. The
  # lock timeout: another apt-get (a parallel build's bootstrap) may hold dpkg's lock a while.
  lk="-o DPkg::Lock::Timeout=120"
  # shellcheck disable=SC2086
  apt-get -qq $lk install -y --no-install-recommends $PKGS >/dev/null 2>&1 ||
    { apt-get -qq $lk update >/dev/null 2>&1 && apt-get -qq $lk install -y --no-install-recommends $PKGS >/dev/null 2>&1; } ||
    { say "apt-get install $PKGS failed"; return 1; }
  have_bins
}

# A TCP port no socket uses (/proc/net/tcp*: local address column), below Linux's ephemeral range
# (32768 and up) so that no outgoing connection takes it before the daemon binds it.
free_port() {
  while :; do
    p=$(( $(od -An -N2 -tu2 /dev/urandom | tr -d ' ') % 12000 + 20000 ))
    hex=$(printf '%04X' "$p")
    cat /proc/net/tcp /proc/net/tcp6 2>/dev/null | awk -v h=":$hex" 'substr($2, length($2) - 4) == h { f = 1 } END { exit !f }' ||
      { echo "$p"; return; }
  done
}

write_conf() { # write_conf DIR NODE PART...
  d=$1 node=$2
  shift 2
  cport=$(free_port)
  dport=$(free_port)
  while [ "$dport" = "$cport" ]; do dport=$(free_port); done
  host=$(hostname -s 2>/dev/null || hostname)
  cat >"$d/slurm.conf" <<EOT
# one-node.sh's cluster: everything under $d
ClusterName=ompkit
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$cport
SlurmdPort=$dport
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$d/munge/munge.socket
StateSaveLocation=$d/ctld
SlurmdSpoolDir=$d/spool
SlurmctldPidFile=$d/slurmctld.pid
SlurmdPidFile=$d/slurmd.pid
SlurmctldLogFile=$d/slurmctld.log
SlurmdLogFile=$d/slurmd.log
# No cgroups in a container: processes are tracked by parentage, tasks are not bound.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/builtin
SlurmdParameters=config_overrides
ReturnToService=2
# A cancelled job gets TERM, then KILL this many seconds later (the study stops within one).
KillWait=5
MailProg=/bin/true
MinJobAge=600
GresTypes=gpu
NodeName=$node NodeHostname=$host NodeAddr=127.0.0.1 CPUs=64 RealMemory=1000 Gres=gpu:2 State=UNKNOWN
EOT
  def=YES
  for p in "$@"; do
    echo "PartitionName=$p Nodes=$node Default=$def MaxTime=60 State=UP OverSubscribe=NO" >>"$d/slurm.conf"
    def=NO
  done
  mkdir -p "$d/gpu"
  # slurmd wants a character device per GPU; /dev/null under two names is one.
  ln -sf /dev/null "$d/gpu/nvidia0"
  ln -sf /dev/null "$d/gpu/nvidia1"
  echo "NodeName=$node Name=gpu File=$d/gpu/nvidia[0-1]" >"$d/gres.conf"
}

# Waits up to $2 tenths of a second for command $1 to succeed.
wait_for() {
  i=0
  while ! sh -c "$1" >/dev/null 2>&1; do
    i=$((i + 1))
    [ $i -lt "$2" ] || return 1
    sleep 0.1
  done
}

start() {
  d=$1
  shift
  [ $# -gt 0 ] || set -- debug
  have_bins || { say "no Slurm here (one-node.sh install)"; return 1; }
  mkdir -p "$d/munge" "$d/ctld" "$d/spool"
  chmod 700 "$d" "$d/munge"
  d=$(cd "$d" && pwd -P)
  # A name of its own, so that two clusters on one machine do not mistake each other's node.
  node=okn$$
  echo "$node" >"$d/node"
  write_conf "$d" "$node" "$@"
  dd if=/dev/urandom bs=1 count=1024 of="$d/munge/munge.key" 2>/dev/null
  chmod 400 "$d/munge/munge.key"
  export SLURM_CONF="$d/slurm.conf" OMPKIT_SLURM_CLUSTER="$d"
  # The daemons in the foreground, as children of this shell: their ids are known, and a test
  # that is killed takes them with it (same process group).
  # --force: munged wants every folder above its socket searchable by all users, and a test's
  # mktemp folder is not; this cluster's jobs all run as root (SlurmUser), so none needs to be.
  munged -F --force --key-file="$d/munge/munge.key" --socket="$d/munge/munge.socket" --pid-file="$d/munge/munged.pid" \
    --log-file="$d/munge/munged.log" --seed-file="$d/munge/munged.seed" >/dev/null 2>&1 &
  echo $! >"$d/munged.run"
  wait_for "[ -S '$d/munge/munge.socket' ]" 50 || { say "munged did not start: $(tail -n 3 "$d/munge/munged.log" 2>/dev/null)"; return 1; }
  slurmctld -D -i -f "$d/slurm.conf" >"$d/slurmctld.out" 2>&1 &
  echo $! >"$d/slurmctld.run"
  wait_for "scontrol ping | grep -q UP" 100 || { say "slurmctld did not start: $(tail -n 5 "$d/slurmctld.log" "$d/slurmctld.out")"; return 1; }
  slurmd -D -f "$d/slurm.conf" -N "$node" >"$d/slurmd.out" 2>&1 &
  echo $! >"$d/slurmd.run"
  wait_for "sinfo -h -n $node -o %T | grep -qx idle" 150 ||
    { say "node $node not idle: $(sinfo -h -n "$node" -o '%T %E' 2>&1); $(tail -n 5 "$d/slurmd.log" "$d/slurmd.out")"; return 1; }
  say "cluster up: SLURM_CONF=$d/slurm.conf, node $node, partitions $*"
}

# Every process of this cluster: the daemons and the slurmstepd they fork, which all carry
# OMPKIT_SLURM_CLUSTER=DIR in their environment (start sets it for them and no one else; the jobs'
# own processes get the submitter's environment, and Slurm ends them with their job).
cluster_pids() {
  grep -lsxz "OMPKIT_SLURM_CLUSTER=$1" /proc/[0-9]*/environ 2>/dev/null | sed 's|^/proc/\([0-9]*\)/environ$|\1|' |
    while read -r p; do [ "$p" = $$ ] || echo "$p"; done
  for f in munged slurmctld slurmd; do [ -f "$1/$f.run" ] && cat "$1/$f.run"; done
  true
}

stop() {
  d=$(cd "$1" && pwd -P) || return 0
  [ -f "$d/slurm.conf" ] || return 0
  export SLURM_CONF="$d/slurm.conf"
  unset OMPKIT_SLURM_CLUSTER
  # The jobs first, by the controller (their TERM, then KILL after KillWait), while it is up.
  if [ -f "$d/slurmctld.run" ] && kill -0 "$(cat "$d/slurmctld.run")" 2>/dev/null; then
    ids=$(timeout 5 squeue -h -o %i 2>/dev/null || true)
    # Their processes, by id: one that outlives its TERM is killed below, after the daemons.
    for j in $ids; do timeout 5 scontrol listpids "$j" 2>/dev/null | awk 'NR > 1 { print $1 }'; done >"$d/job.pids"
    # shellcheck disable=SC2086
    [ -z "$ids" ] || timeout 5 scancel --quiet $ids >/dev/null 2>&1 || true
    wait_for "[ -z \"\$(squeue -h -o %i 2>/dev/null)\" ]" 30 || true
  fi
  for f in slurmd slurmctld munged; do
    [ -f "$d/$f.run" ] && kill -TERM "$(cat "$d/$f.run")" 2>/dev/null || true
  done
  # Whatever is left of the cluster (a job's processes, a slurmstepd) after a grace period.
  i=0
  while [ -n "$(cluster_pids "$d" | while read -r p; do kill -0 "$p" 2>/dev/null && echo "$p"; done)" ] && [ $i -lt 30 ]; do
    sleep 0.1
    i=$((i + 1))
  done
  for p in $(cluster_pids "$d") $(cat "$d/job.pids" 2>/dev/null); do kill -KILL "$p" 2>/dev/null || true; done
  rm -f "$d"/*.run "$d/job.pids"
}

case "${1:-}" in
  install) install ;;
  start) [ $# -ge 2 ] || { say "usage: one-node.sh start DIR [PARTITION...]"; exit 2; }; shift; start "$@" ;;
  stop) [ $# -eq 2 ] || { say "usage: one-node.sh stop DIR"; exit 2; }; stop "$2" ;;
  *) say "usage: one-node.sh install | start DIR [PARTITION...] | stop DIR"; exit 2 ;;
esac
