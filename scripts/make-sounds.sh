#!/usr/bin/env bash
# Synthesizes the alert sounds of web/src/assets/sounds (bundled with the app, AGPL-3.0 like it):
# short, distinct, quiet-edged tones made with sox (Debian: apt-get install sox libsox-fmt-mp3).
# Run again only to change a sound; the MP3 files are committed.
set -euo pipefail
cd "$(dirname "$0")/../web/src/assets/sounds"
RATE=22050
# one note: pluck-like sine with a fast attack and a soft exponential tail
note() { sox -n -r $RATE -c 1 "$1" synth "$2" pluck "$3" fade q 0.005 "$2" "$(echo "$2 * 0.7" | bc)" vol "$4"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# new ticket: a rising three-note call (someone is waiting)
note "$tmp/a.wav" 0.14 G5 0.8; note "$tmp/b.wav" 0.14 C6 0.8; note "$tmp/c.wav" 0.30 E6 0.8
sox "$tmp/a.wav" "$tmp/b.wav" "$tmp/c.wav" "$tmp/new-ticket.wav"
# new message: two quick notes, the familiar "ding-ding"
note "$tmp/a.wav" 0.10 E6 0.7; note "$tmp/b.wav" 0.22 A6 0.7
sox "$tmp/a.wav" "$tmp/b.wav" "$tmp/new-message.wav"
# transfer: a falling pair, lower (handed to you)
note "$tmp/a.wav" 0.16 D6 0.8; note "$tmp/b.wav" 0.30 A5 0.8
sox "$tmp/a.wav" "$tmp/b.wav" "$tmp/transfer.wav"
# internal chat: one soft short pop
sox -n -r $RATE -c 1 "$tmp/chat.wav" synth 0.12 sine 1320 fade q 0.004 0.12 0.09 vol 0.5
for s in new-ticket new-message transfer chat; do
  sox "$tmp/$s.wav" -C 48 "$s.mp3"
done
ls -l ./*.mp3
