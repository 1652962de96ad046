#!/bin/sh
# Re-records `tmux info` as a client sees it, for tmuxcolours_test.go:
# tc.txt with the Tc override (true colour), plain.txt without.
# Needs tmux and script(1); run from this directory.
set -e
for kind in plain tc; do
  sock=corvid-record-$$-$kind
  tmux -L $sock -f /dev/null new-session -d -s p -x 100 -y 30 "sleep 30"
  if [ $kind = tc ]; then tmux -L $sock set -as terminal-overrides ',xterm-256color:Tc'; fi
  TERM=xterm-256color script -qfec "tmux -L $sock attach -t p" /dev/null </dev/null >/dev/null &
  sleep 1
  TMUX= tmux -L $sock info > $kind.txt
  kill $! 2>/dev/null || true
  tmux -L $sock kill-server
done
tmux -V > version.txt
