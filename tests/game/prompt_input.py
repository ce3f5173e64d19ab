#!/usr/bin/env python3
"""The terminal game's prompt (libedit, on a pseudo-terminal) refuses a line holding a control
character and changes nothing: ESC [ 2 J typed after Ctrl-V (quoted insert) is refused with its
column, never printed raw (the screen is not cleared), and not kept in the history (Ctrl-P then
recalls the line before it).
  prompt_input.py BIN"""
import os
import pty
import select
import signal
import sys
import termios
import time

CLEAR_SCREEN = b'\x1b[2J'


def main(program):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ['TERM'] = 'xterm'
        os.environ['LC_ALL'] = 'C'
        os.execv(program, [program, 'play', '--seed', '1'])
    seen = bytearray()

    def wait_for(text, count=1):
        """Reads until text appears count times in all the output (20 s at most)."""
        end = time.monotonic() + 20
        while seen.count(text) < count and time.monotonic() < end:
            ready, _, _ = select.select([fd], [], [], 0.2)
            if ready:
                try:
                    seen.extend(os.read(fd, 65536))
                except OSError:
                    break
        if seen.count(text) < count:
            os.kill(pid, signal.SIGKILL)
            sys.exit('FAIL: waited for %r (%d times); the output was:\n%s'
                     % (text, count, bytes(seen).decode('utf-8', 'replace')))

    def wait_for_editing():
        """Waits until libedit has the terminal in its editing mode (ICANON off: it reads key by
        key), 20 s at most. Keys typed before that are read by the kernel's line discipline,
        whose Ctrl-V is its own, so a test that types at once races the prompt's setup."""
        end = time.monotonic() + 20
        while termios.tcgetattr(fd)[3] & termios.ICANON and time.monotonic() < end:
            time.sleep(0.01)
        if termios.tcgetattr(fd)[3] & termios.ICANON:
            os.kill(pid, signal.SIGKILL)
            sys.exit('FAIL: the prompt never put the terminal in its editing mode')

    def type_line(keys):
        wait_for_editing()
        os.write(fd, keys)

    prompt = b'13:00 french charge > '
    score = b'austrian: 20 points'
    refusal = (b'refused: expected a printable command, found control character 0x1b '
               b'(column 9)')
    wait_for(prompt)
    type_line(b'score\r')
    wait_for(score)
    wait_for(prompt, 2)
    type_line(b'unit fr-\x16' + CLEAR_SCREEN + b'\r')  # Ctrl-V: the next key as it is
    wait_for(refusal)
    wait_for(prompt, 3)
    type_line(b'\x10\r')  # Ctrl-P: the last line kept, which is "score"
    wait_for(score, 2)
    wait_for(prompt, 4)
    type_line(b'quit\r')
    _, status = os.waitpid(pid, 0)
    try:
        while True:
            ready, _, _ = select.select([fd], [], [], 0.2)
            if not ready:
                break
            more = os.read(fd, 65536)
            if not more:
                break
            seen.extend(more)
    except OSError:
        pass
    out = bytes(seen)
    failures = []
    if CLEAR_SCREEN in out:
        failures.append('ESC [ 2 J reached the terminal raw')
    if out.count(b'refused') != 1:
        failures.append('expected one refusal, found %d' % out.count(b'refused'))
    if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
        failures.append('play did not exit 0 (status %d)' % status)
    if failures:
        sys.exit('FAIL: %s; the output was:\n%s'
                 % ('; '.join(failures), out.decode('utf-8', 'replace')))
    print('the prompt refused the control character, kept it off the terminal and the history')


if __name__ == '__main__':
    if len(sys.argv) != 2:
        sys.exit('usage: prompt_input.py BIN')
    main(sys.argv[1])
