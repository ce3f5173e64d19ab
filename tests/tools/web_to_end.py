# Plays a game of an offered scenario through the server's HTTP API to its end: the computer plays one side, this script the other (End when offered, else the first option).
"""Usage: python3 tests/tools/web_to_end.py BASE SCENARIO COMPUTER_SIDE LEVEL [SEED]

BASE is a running `labataille serve` (http://127.0.0.1:PORT). Prints one JSON line: the side
this script played, its decisions, the journal's length, the result, the score, the largest
options list it was offered and the wall time. Exit 1 when the server refuses an answer."""
import json
import sys
import time
import urllib.error
import urllib.request


def call(base, method, url, body=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + url, method=method, data=data,
                                 headers={'Content-Type': 'application/json'})
    try:
        with urllib.request.urlopen(req, timeout=600) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def main(argv):
    if len(argv) not in (5, 6):
        sys.exit(__doc__)
    base, scenario, computer, level = argv[1:5]
    seed = int(argv[5]) if len(argv) == 6 else 5
    status, made = call(base, 'POST', '/api/games', {'scenario': scenario, 'mode': 'two-players',
                                                     'seed': seed, 'computer': computer,
                                                     'level': level})
    if status != 201:
        sys.exit(f'not made: {status} {made}')
    me = next(role for role in made['links'] if role != 'spectator')
    token = made['links'][me].split('/g/')[1]
    _, view = call(base, 'GET', f'/api/g/{token}')
    decisions, most, start = 0, 0, time.time()
    while not view.get('result'):
        pending = view['pending']
        keys = [o['key'] for o in pending['options']]
        most = max(most, len(keys))
        key = 'end' if 'end' in keys else keys[0]
        body = {'seq': view['seq'], 'key': key}
        if pending['options'][keys.index(key)].get('param'):
            body['param'] = ''
        status, view = call(base, 'POST', f'/api/g/{token}/decide', body)
        if status != 200:
            print(f'refused: {status} {view} ({key})')
            return 1
        decisions += 1
    print(json.dumps({'played': me, 'decisions': decisions, 'seq': view['seq'],
                      'result': view['result'], 'score': view['score']['points'],
                      'clock': view['clock'], 'most_options': most,
                      'seconds': round(time.time() - start, 1)}))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
