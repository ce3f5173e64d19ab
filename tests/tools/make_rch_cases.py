#!/usr/bin/env python3
"""Writes the reaction-charge rule cases (tests/cases/game-R-RCH-*.json, R-RCH-1..7), the computer's
answers to reaction and opportunity-charge questions (game-R-AI-4-*, game-R-AI-5-*) and their play
scripts (tests/game/scripts/rch-*.txt, ai-*.txt): one 10 x 12 clear map, a French charger in the French
Charge segment and Austrian cavalry in front of it; each case's description works its answer by
hand. Run from the project root with the test build made; it checks each case it writes with the
case runner (names as arguments: only those)."""
import json
import subprocess
import sys


def unit(id, side, arm, hexes, **kw):
    u = {"id": id, "side": side, "arm": arm}
    if arm == "infantry":
        u.update(nation=side, **{"class": "ligne" if side == "french" else "linie"}, increments=8, fire=8, melee=24, movement=6, morale="35", formation="column", state="good", facing=12)
    elif arm == "cavalry":
        u.update(nation=side, **{"class": "kuirassier"}, increments=4, fire=0, melee=16, movement=10, morale="44", formation="column", state="good", facing=6)
    u["hexes"] = hexes
    u.update(kw)
    return u


def scen(units, extra=None, segment="charge"):
    s = {"format": "labataille-scenario/1", "title": "reaction charge", "game": "deutsch-wagram-1809",
         "rules": "premier-2018", "turn": {"time": "13:00", "phasing": "french", "segment": segment},
         "sides": ["french", "austrian"],
         "map": {"columns": 10, "rows": 12, "terrain": ["." * 10] * 12, "legend": {".": "clear"}},
         "units": units}
    if extra:
        s.update(extra)
    return s


HUS = lambda id="fr-hus", hexes=["0510"], **kw: unit(id, "french", "cavalry", hexes, **dict({"class": "hussard", "movement": 14, "melee": 12, "facing": 12}, **kw))
HVY = lambda id="au-hvy", hexes=["0503"], **kw: unit(id, "austrian", "cavalry", hexes, **kw)
LT = lambda **kw: unit("au-lt", "austrian", "cavalry", ["0503"], **dict({"class": "hussar", "movement": 14, "melee": 12}, **kw))
CHARGE = "choose charge:fr-hus:0509,0508,0507,0506"
CASES = []


def case(name, ruling, desc, units, script, json_exp, seed=1, ask=True, extra=None, more=None, ai=False, segment="charge", never=None):
    CASES.append(dict(name=name, ruling=ruling, desc=desc, units=units, script=script, json=json_exp, seed=seed, ask=ask, extra=extra, more=more or {}, ai=ai, segment=segment, never=never))


def run(c):
    sc = scen(c['units'], c['extra'], c['segment'])
    spath = 'tests/game/scripts/%s-%s.txt' % ('ai' if c['ai'] else 'och' if c['ruling'].startswith('R-OCH') else 'rch', c['name'])
    open(spath, 'w').write(''.join(l + '\n' for l in c['script']))
    args = ["play", "{scenario}", "--seed", str(c['seed'])] + (["--ask-charges"] if c['ask'] else []) + (["--never-ask", c['never']] if c['never'] else []) + (["--ai", "austrian", "--level", "quick", "--budget", "20"] if c['ai'] else []) + ["--script", spath, "--json"]
    out = {"ruling": c['ruling'], "description": c['desc'], "args": args, "scenario": sc, "json": c['json']}
    out.update(c['more'])
    path = 'tests/cases/game-%s-%s.json' % (c['ruling'], c['name'])
    json.dump(out, open(path, 'w'), indent=2, ensure_ascii=False)
    open(path, 'a').write('\n')
    return path


# ---- the cases ----

G = ("R-RCH-1 geometry: flat-topped hexes in columns (R-GRID-2); column 05 runs due north-south, 0503 to 0507 is 4 hexes. "
     "au-hvy: Austrian heavy cavalry (printed MP 10 < 13, R-RCH-4), column in 0503 facing 6 (S): its fronts are the S, SE and SW hexsides "
     "((13), R-FORM-1), so the hexes due south lie in front. fr-hus: French hussars (light, printed MP 14, melee 12), column in 0510 facing 12, "
     "fresh, charge in the French Charge segment along 0509, 0508, 0507, 0506 (clear, 1 MP a hex, no turns: 4 of 14 + 5 = 19 MP, R-CHG-1); "
     "no Austrian stands within 2 hexes of the path's end, so the charge declares no target. The game is played with --ask-charges (R-OCH-4, R-RCH-5). ")
MOR = "au-hvy's morale 44: its check passes when the roll is greater than 44 (R-MOR-1): 45, 46, 51-56, 61-66, 14 of 36 rolls = 7/18. "
ASKED = "fr-hus enters 0507, in the zone of 1 cavalry unit of yours: does one react (39)?"

case("heavy-four-hexes-asked", "R-RCH-1", G + MOR + "fr-hus enters 0509 (6 hexes from 0503), 0508 (5: beyond the heavy extent of 4), then 0507 (4: within it, seen, in front): "
     "the charge stops after that step and the Austrians are asked (a `reaction` decision of theirs about fr-hus): react:au-hvy with the chance 7/18 of its check, or pass. "
     "Nothing is applied yet: fr-hus still stands in 0510 on the map.",
     [HUS(), HVY()], [CHARGE],
     {"/pending/kind": "reaction", "/pending/side": "austrian", "/pending/subject": "fr-hus", "/pending/prompt": ASKED,
      "/pending/options/0/key": "react:au-hvy", "/pending/options/0/label": "au-hvy reacts: its morale check (31) passes with chance 7/18",
      "/pending/options/1/key": "pass", "/units/0/hexes": ["0510"]},
     more={"stdout_has": ["0507 is in the reaction charge (39) zone of au-hvy: heavy cavalry reaches 4 hexes, 0507 is 4 away"]})
case("heavy-five-hexes-not-asked", "R-RCH-1", G + "This time fr-hus charges 0509, 0508 only: 0508 is 5 hexes from 0503, beyond the heavy extent of 4 hexes "
     "([project ruling], R-RCH-1): nobody is asked and the charge ends in 0508 (2 MP spent, no contact, fewer than its printed 14: it does not rout, R-CHG-23).",
     [HUS(), HVY()], ["choose charge:fr-hus:0509,0508"],
     {"/units/0/hexes": ["0508"], "/units/0/state": "good", "/units/1/hexes": ["0503"]},
     more={"stdout_lacks": ["does one react"], "stdout_has": ["fr-hus enters 0508", "0508 is not in the reaction charge (39) zone of au-hvy: beyond its extent (heavy cavalry 4 hexes, light 6) (5 hexes away, extent 4)"]})
case("light-six-hexes-asked", "R-RCH-1", G.replace("au-hvy: Austrian heavy cavalry (printed MP 10 < 13, R-RCH-4)", "au-lt: Austrian light cavalry (hussars, printed MP 14 >= 13, R-RCH-4)")
     + "fr-hus's first step enters 0509, 6 hexes from 0503: within the light extent of 6, in front and seen: the Austrians are asked at once whether au-lt reacts (morale 44: 7/18).",
     [HUS(), LT()], [CHARGE],
     {"/pending/kind": "reaction", "/pending/prompt": "fr-hus enters 0509, in the zone of 1 cavalry unit of yours: does one react (39)?",
      "/pending/options/0/key": "react:au-lt", "/pending/options/1/key": "pass"},
     more={"stdout_has": ["0509 is in the reaction charge (39) zone of au-lt: light cavalry reaches 6 hexes, 0509 is 6 away"]})
case("light-seven-hexes-not-asked", "R-RCH-1", G.replace("au-hvy: Austrian heavy cavalry (printed MP 10 < 13, R-RCH-4)", "au-lt: Austrian light cavalry (hussars, printed MP 14 >= 13, R-RCH-4)")
     .replace("column in 0510 facing 12", "column in 0511 facing 12").replace("along 0509, 0508, 0507, 0506", "along 0510, 0509")
     + "fr-hus starts in 0511. Its first step enters 0510, 7 hexes from 0503, beyond the light extent of 6: nobody is asked, and the cavalry, farther than any zone reaches, is not named in the trace; "
     "its second enters 0509, 6 hexes away: the Austrians are asked then.",
     [HUS(hexes=["0511"]), LT()], ["choose charge:fr-hus:0510,0509"],
     {"/pending/kind": "reaction", "/pending/prompt": "fr-hus enters 0509, in the zone of 1 cavalry unit of yours: does one react (39)?"},
     more={"stdout_lacks": ["0510 is", "fr-hus enters 0510, in the zone"]})
case("rear-not-asked", "R-RCH-1", G.replace("facing 6 (S): its fronts are the S, SE and SW hexsides ((13), R-FORM-1), so the hexes due south lie in front", "facing 12 (N): its fronts are the N, NE and NW hexsides ((13), R-FORM-1); S is its rear")
     + "fr-hus enters 0507, 4 hexes due south: the line from 0503 leaves by the S hexside, the rear, so 0507 is not in front (R-RCH-4) and nobody is asked; the charge goes on to 0506 (3 hexes, also behind).",
     [HUS(), HVY(facing=12)], [CHARGE],
     {"/units/0/hexes": ["0506"], "/units/1/hexes": ["0503"]},
     more={"stdout_has": ["0507 is not in the reaction charge (39) zone of au-hvy: not in front of its front hexsides (4 hexes away, extent 4)"], "stdout_lacks": ["does one react"]})
case("flank-not-asked", "R-RCH-1", G.replace("facing 6 (S): its fronts are the S, SE and SW hexsides ((13), R-FORM-1), so the hexes due south lie in front", "facing 2 (NE): its fronts are the N, NE and SE hexsides ((13), R-FORM-1); S is a flank")
     + "fr-hus enters 0507, due south: the line leaves 0503 by the S hexside, a flank: not in front, nobody is asked.",
     [HUS(), HVY(facing=2)], [CHARGE],
     {"/units/0/hexes": ["0506"]},
     more={"stdout_has": ["0507 is not in the reaction charge (39) zone of au-hvy: not in front of its front hexsides"], "stdout_lacks": ["does one react"]})
case("unseen-not-asked", "R-RCH-1", G + "au-blk, Austrian heavy cavalry facing 12 (N: 0507 is behind it, so it is not asked), stands in 0504, between 0503 and 0507 "
     "(R-LOS-3: a non-routed combat unit in an intervening hex blocks the line); cavalry makes no carré and is no target here. fr-hus charges 0509, 0508, 0507 only: 0507 is within 4 hexes and in front, but unseen: nobody is asked.",
     [HUS(), HVY(), HVY(id="au-blk", hexes=["0504"], facing=12)], ["choose charge:fr-hus:0509,0508,0507"],
     {"/units/0/hexes": ["0507"]},
     more={"stdout_has": ["0507 is not in the reaction charge (39) zone of au-hvy: it has no line of sight to it (R-LOS)"], "stdout_lacks": ["does one react"]})
case("not-good-order-not-asked", "R-RCH-1", G + "au-hvy is routed (cavalry is in good order or routed, never disordered): only cavalry in good order has the extended zone (39.1), so nobody is asked when fr-hus enters 0507.",
     [HUS(), HVY(state="routed")], [CHARGE],
     {"/units/0/hexes": ["0506"]},
     more={"stdout_has": ["0507 is not in the reaction charge (39) zone of au-hvy: only cavalry in good order has the extended zone (39.1)"], "stdout_lacks": ["does one react"]})
case("exhausted-not-asked", "R-RCH-2", G + "au-hvy is exhausted: exhausted cavalry may not react (39.3), so when fr-hus enters 0507 nobody is asked; the charge goes on to 0506.",
     [HUS(), HVY(readiness="exhausted")], [CHARGE],
     {"/units/0/hexes": ["0506"], "/units/1/readiness": "exhausted"},
     more={"stdout_has": ["0507 is not in the reaction charge (39) zone of au-hvy: exhausted cavalry may not react or charge; tired may (39.3, 40.2)"], "stdout_lacks": ["does one react"]})
case("tired-asked", "R-RCH-2", G + MOR + "au-hvy is tired: tired cavalry may react (39.3), so after fr-hus's step into 0507 the Austrians are asked, the chance of its check 7/18 as fresh "
     "(readiness changes no morale check, (36)); they answer react:au-hvy. Seed 1: its check rolls 25, not greater than 44: it fails and stays, in good order, still tired.",
     [HUS(), HVY(readiness="tired")], [CHARGE, "choose react:au-hvy"],
     {"/journal/entries/1/decision": "reaction", "/journal/entries/1/key": "react:au-hvy", "/units/1/hexes": ["0503"], "/units/1/readiness": "tired"},
     more={"stdout_has": ["au-hvy checks morale to react (39.2): roll 25 +0 = 25 against 44: fails (chance 7/18)",
                          "au-hvy stays where it is, in good order and tired: no readiness change"]})
case("failed-stays", "R-RCH-2", G + MOR + "Seed 1: after fr-hus's step into 0507 the Austrians answer react:au-hvy; its check rolls 25 (the game's first draw), not greater than 44: it fails. "
     "As 40.1: it stays in 0503, in good order, fresh (no readiness change; the check's outcome is not applied). fr-hus's charge goes on into 0506 (4 of 19 MP) and ends with no contact.",
     [HUS(), HVY()], [CHARGE, "choose react:au-hvy"],
     {"/units/0/hexes": ["0506"], "/units/1/hexes": ["0503"], "/units/1/state": "good", "/units/1/readiness": "fresh",
      "/journal/entries/1/decision": "reaction", "/journal/entries/1/key": "react:au-hvy", "/journal/entries/2/value": 25},
     more={"stdout_has": ["au-hvy checks morale to react (39.2): roll 25 +0 = 25 against 44: fails (chance 7/18)", "au-hvy stays where it is, in good order and fresh: no readiness change"]})
case("passed-meets-charger", "R-RCH-3", G + MOR + "Seed 3: after fr-hus's step into 0507 the Austrians answer react:au-hvy; its check rolls 63 > 44: it passes. "
     "It moves by the cheapest path to a free hex next to fr-hus (R-RCH-6): 0503 to 0506 is 3 clear hexes, 3 MP of its 10 + 5 = 15; 0506 is N of 0507, the first in direction order of the hexes at that cost. "
     "It faces fr-hus: 6 (S). Both charges end: fr-hus stays in 0507 (3 of 19 MP spent, no step into 0506), and it owes the melee with au-hvy, which the French Melee segment offers (R-MEL-25).",
     [HUS(), HVY()], [CHARGE, "choose react:au-hvy"],
     {"/units/0/hexes": ["0507"], "/units/1/hexes": ["0506"], "/units/1/facing": 6, "/units/1/state": "good",
      "/segment": "melee", "/pending/options/0/key": "melee:0506:fr-hus", "/journal/entries/2/value": 63},
     seed=3,
     more={"stdout_has": ["au-hvy reacts: it moves to 0506 by the cheapest path (3 of its 15 movement points), next to fr-hus and facing it; both charges end there (39)",
                          "obligation melee: fr-hus melees au-hvy in the Melee segment"]})
case("no-x2-bonus", "R-RCH-3", G + MOR + "As game-R-RCH-3-passed-meets-charger (seed 3): au-hvy reacts into 0506. fr-hus's last 3 hexes 0509, 0508, 0507 were straight and it faces 0506: "
     "without the reaction its melee would have the x2 straight-line bonus (37.7); 39.4 takes it away: the owed melee is at melee 12, not 24, against au-hvy's 16 "
     "(both at full value, 36.5), column 1:2 (R-MEL-15).",
     [HUS(), HVY()], [CHARGE, "choose react:au-hvy", "choose melee:0506:fr-hus", "choose full", "choose full"],
     {"/journal/entries/3/key": "melee:0506:fr-hus"},
     seed=3,
     more={"stdout_has": ["fr-hus melees au-hvy without its x2 straight-line bonus (39.4)", "attacker fr-hus: melee 12", "defender au-hvy: melee 16", "melee 12 : 16 in column 1:2"]})
case("lancers-keep-bonus", "R-RCH-3", G.replace("fr-hus: French hussars (light, printed MP 14, melee 12), column in 0510 facing 12,", "fr-hus: French lancers (printed MP 14, melee 12, lance 3), in line in 0510 facing 1 (a vertex, as a line faces),")
     .replace("(clear, 1 MP a hex, no turns: 4 of 14 + 5 = 19 MP, R-CHG-1)", "(clear, 1 MP a hex; the first step turns 1 hexside from facing 1 to N, 2 MP: 6 of 14 + 5 = 19 MP, R-CHG-1)")
     + MOR + "Seed 3: au-hvy reacts into 0506 (as game-R-RCH-3-passed-meets-charger). 39.4 takes away the x2 straight-line bonus, but lancers keep their lance bonus (39.5): "
     "fr-hus assaults in good order, in line, not in column (R-MEL-14): lance bonus 3, x2 for lancers in line (the charts' melee multiplier lancers_in_line) = 6, added to its melee 12 "
     "(not 24): 18 against au-hvy's 16, column 1:1 (without the lance it would be 12 : 16, column 1:2).",
     [HUS(lance=3, formation="line", facing=1), HVY()], [CHARGE, "choose react:au-hvy", "choose melee:0506:fr-hus", "choose full", "choose full"],
     {"/journal/entries/3/key": "melee:0506:fr-hus"},
     seed=3,
     more={"stdout_has": ["attacker fr-hus: melee 18, lance bonus 6", "defender au-hvy: melee 16", "melee 18 : 16 in column 1:1"]})
case("both-exhausted", "R-RCH-7", G + MOR + "As game-R-RCH-3-no-x2-bonus (seed 3): the melee 12 : 16 rolls 14: AR, fr-hus routs. Both were fresh and meleed at full value: "
     "fr-hus charged and meleed: exhausted (38.10, R-MEL-20); au-hvy, which reacted, made a charge too and meleed (36): exhausted as well, not merely tired as a defender would be.",
     [HUS(), HVY()], [CHARGE, "choose react:au-hvy", "choose melee:0506:fr-hus", "choose full", "choose full"],
     {"/units/0/id": "au-hvy", "/units/0/readiness": "exhausted", "/units/0/hexes": ["0506"]},
     seed=3,
     more={"stdout_has": ["fr-hus charged and meleed (38.10): fresh -> exhausted", "au-hvy reacted and meleed: exhausted, not tired"]})
case("pass-journalled", "R-RCH-5", G + "After fr-hus's step into 0507 the Austrians are asked (a `reaction` decision of theirs) and pass: the answer is journalled like any other "
     "(decision reaction, side 1, subject fr-hus, key pass, by the player) and the charge goes on into 0506, where they are asked again (game-R-RCH-5-pass-asked-again) and pass again: "
     "the charge ends there, 4 of 19 MP spent, no contact.",
     [HUS(), HVY()], [CHARGE, "choose pass", "choose pass"],
     {"/journal/entries/1/decision": "reaction", "/journal/entries/1/side": 1, "/journal/entries/1/subject": "fr-hus", "/journal/entries/1/key": "pass",
      "/journal/entries/1/by": "player", "/units/0/hexes": ["0506"], "/units/1/hexes": ["0503"]})
case("pass-asked-again", "R-RCH-5", G + "The Austrians pass after fr-hus's step into 0507; its next step enters 0506, 3 hexes from au-hvy, still in its zone: they are asked again "
     "(a pass bars nothing later, as R-OCH-6).",
     [HUS(), HVY()], [CHARGE, "choose pass"],
     {"/pending/kind": "reaction", "/pending/prompt": "fr-hus enters 0506, in the zone of 1 cavalry unit of yours: does one react (39)?"},
     more={"stdout_has": ["0506 is in the reaction charge (39) zone of au-hvy: heavy cavalry reaches 4 hexes, 0506 is 3 away"]})
case("two-listed", "R-RCH-1", G + MOR + "au-hv2, a second Austrian heavy cavalry unit (morale 44), stands in 0403, column facing 6: 0507 is 4 hexes from it (one step SE into column 05, three S), "
     "in front of its S and SE front hexsides and seen. After the step into 0507 the zones of both hold it: "
     "one question lists both, each with its chance 7/18, then pass (the automatic choice).",
     [HUS(), HVY(), HVY(id="au-hv2", hexes=["0403"])], [CHARGE],
     {"/pending/kind": "reaction", "/pending/prompt": "fr-hus enters 0507, in the zone of 2 cavalry units of yours: does one react (39)?",
      "/pending/options/0/key": "react:au-hvy", "/pending/options/1/key": "react:au-hv2", "/pending/options/2/key": "pass"})
case("failed-other-asked", "R-RCH-5", G + MOR + "au-hv2 in 0403 as in game-R-RCH-5-two-listed (0506 is 3 hexes from it, in front). Seed 1: after the step into 0507 the Austrians answer react:au-hvy, whose check rolls 25: it fails and "
     "stays. The charge goes on into 0506; au-hvy, which checked, is not asked again this segment; au-hv2's zone holds 0506 too: it is asked alone.",
     [HUS(), HVY(), HVY(id="au-hv2", hexes=["0403"])], [CHARGE, "choose react:au-hvy"],
     {"/pending/kind": "reaction", "/pending/prompt": "fr-hus enters 0506, in the zone of 1 cavalry unit of yours: does one react (39)?",
      "/pending/options/0/key": "react:au-hv2", "/pending/options/1/key": "pass"},
     more={"stdout_has": ["0506 is not in the reaction charge (39) zone of au-hvy: it reacted in this segment, or charged in this player turn, already"]})
case("once-a-segment", "R-RCH-1", G + MOR + "fr-h2, a second French hussar unit, stands in 0512 facing 12. Seed 1: au-hvy checks to react to fr-hus after its step into 0507 and fails (25); "
     "fr-hus goes on to 0506. Then fr-h2 charges 0511, 0510, 0509, 0508, 0507: 0507 is in au-hvy's zone, but it checked in this segment already: nobody is asked (each reactor once a segment).",
     [HUS(), HVY(), HUS(id="fr-h2", hexes=["0512"])], [CHARGE, "choose react:au-hvy", "choose charge:fr-h2:0511,0510,0509,0508,0507"],
     {"/units/2/id": "fr-h2", "/units/2/hexes": ["0507"]},
     more={"stdout_has": ["0507 is not in the reaction charge (39) zone of au-hvy: it reacted in this segment, or charged in this player turn, already (4 hexes away, extent 4)"]})
case("light-reactor-path", "R-RCH-6", G.replace("au-hvy: Austrian heavy cavalry (printed MP 10 < 13, R-RCH-4)", "au-lt: Austrian light cavalry (hussars, printed MP 14 >= 13, R-RCH-4)")
     + "Seed 3: fr-hus's first step enters 0509, 6 hexes from au-lt: asked, the Austrians answer react:au-lt; its check rolls 63 > 44: passes. "
     "The free hexes next to 0509 nearest au-lt: 0508 (N), 5 clear hexes from 0503, 5 MP of 14 + 5 = 19; it moves there facing 6 (S). fr-hus stops in 0509, 1 MP spent.",
     [HUS(), LT()], [CHARGE, "choose react:au-lt"],
     {"/units/0/hexes": ["0509"], "/units/1/hexes": ["0508"], "/units/1/facing": 6},
     seed=3,
     more={"stdout_has": ["au-lt reacts: it moves to 0508 by the cheapest path (5 of its 19 movement points), next to fr-hus and facing it"]})
AI = "The computer plays the Austrians (--ai austrian, level quick). "
MOR33 = "au-hvy's morale is 33 here: its check passes when the roll is greater than 33 (R-MOR-1): 34-36 and 41-66, 21 of 36 rolls = 7/12. "
case("reacts-even-chance", "R-AI-4", G + AI + MOR33 + "After fr-hus's step into 0507 the computer is asked: au-hvy's check passes with 7/12, 1/2 or more, and its melee 16 is at least fr-hus's 12: "
     "it reacts, with that reason. Seed 3: the check rolls 63 > 33: au-hvy moves to 0506 (as game-R-RCH-3-passed-meets-charger).",
     [HUS(), HVY(morale="33")], [CHARGE],
     {"/journal/entries/1/decision": "reaction", "/journal/entries/1/key": "react:au-hvy", "/journal/entries/2/value": 63},
     seed=3, ai=True,
     more={"stdout_has": ["au-hvy reacts: its morale check (31) passes with chance 7/12 (the check's exact chance 7/12 is 0.50 or more; its melee value is at least the charger's)",
                          "au-hvy reacts: it moves to 0506"]})
case("passes-poor-chance", "R-AI-4", G + AI + MOR + "After fr-hus's step into 0507 the computer is asked: au-hvy's check passes with 7/18, less than 1/2: it passes, "
     "and again after the step into 0506; the charge ends there.",
     [HUS(), HVY()], [CHARGE],
     {"/journal/entries/1/decision": "reaction", "/journal/entries/1/key": "pass", "/journal/entries/2/key": "pass"},
     seed=3, ai=True,
     more={"stdout_has": ["no reaction charge (no unit with a melee value at least the charger's whose check passes with 0.50 or more; the best: 7/18)"]})
case("passes-weaker-melee", "R-AI-4", G + AI + MOR33 + "au-hvy's melee value is 10 here, less than fr-hus's 12: even with its check at 7/12 the computer does not meet the charger: it passes.",
     [HUS(), HVY(morale="33", melee=10)], [CHARGE],
     {"/journal/entries/1/decision": "reaction", "/journal/entries/1/key": "pass"},
     seed=3, ai=True,
     more={"stdout_has": ["no reaction charge (no unit with a melee value at least the charger's whose check passes with 0.50 or more; the best: none)"]})
OCH = ("R-OCH-1 geometry as game-R-OCH-1-heavy-four-hexes-asked: the French Movement segment; fr-a, a French infantry column in 0510, moves north to 0507, 4 hexes due south of "
       "au-hvy (heavy cavalry in 0503 facing 6, fresh), in front and seen. The game is played with --ask-charges (R-OCH-4). ")
case("charges-infantry", "R-AI-5", OCH + AI + MOR33 + "After fr-a's step into 0507 the computer is asked: au-hvy's check passes with 7/12, 1/2 or more, and fr-a is infantry in column, "
     "not cavalry or a carré: it charges, with that reason.",
     [unit("fr-a", "french", "infantry", ["0510"]), HVY(morale="33")], ["move fr-a 0507"],
     {"/journal/entries/1/decision": "opportunity", "/journal/entries/1/key": "charge:au-hvy"},
     seed=3, ai=True, segment="movement",
     more={"stdout_has": ["au-hvy charges fr-a: its morale check (31) passes with chance 7/12 (the check's exact chance 7/12 is 0.50 or more)"]})
case("no-charge-at-cavalry", "R-AI-5", OCH.replace("fr-a, a French infantry column in 0510,", "fr-hus, French hussars (column, facing 12) in 0510,").replace("fr-a", "fr-hus") + AI + MOR33
     + "After fr-hus's step into 0507 the computer is asked; au-hvy's check would pass with 7/12, but the mover is cavalry, which meets the charge as an equal: it passes.",
     [HUS(), HVY(morale="33")], ["move fr-hus 0507"],
     {"/journal/entries/1/decision": "opportunity", "/journal/entries/1/key": "pass"},
     seed=3, ai=True, segment="movement",
     more={"stdout_has": ["no opportunity charge (no unit that gains by charging it whose check passes with 0.50 or more; the best: none)"]})

case("never-ask-reaction", "R-OCH-9", G + "au-hv2, a second Austrian heavy cavalry unit, stands in 0403 facing 6 (0507 is 4 hexes from it, in front, seen). The game is played with "
     "--never-ask au-hvy: the Austrians said never to be asked about au-hvy. After fr-hus's step into 0507 both zones hold it, but the question lists au-hv2 alone; "
     "the trace says why au-hvy is left out.",
     [HUS(), HVY(), HVY(id="au-hv2", hexes=["0403"])], [CHARGE],
     {"/pending/kind": "reaction", "/pending/prompt": ASKED, "/pending/options/0/key": "react:au-hv2", "/pending/options/1/key": "pass"},
     never="au-hvy",
     more={"stdout_has": ["0507 is in the reaction charge zone of au-hvy, whose owner is never asked about it (\\\"never ask me\\\")"]})
case("never-ask-all-units", "R-OCH-9", G + "au-hv2 in 0403 as in game-R-OCH-9-never-ask-reaction; the game is played with --never-ask au-hvy,au-hv2: no question is asked at all, "
     "and fr-hus's charge goes on into 0506 without stopping (the game does not stall on these units).",
     [HUS(), HVY(), HVY(id="au-hv2", hexes=["0403"])], [CHARGE],
     {"/units/0/hexes": ["0506"]},
     never="au-hvy,au-hv2",
     more={"stdout_lacks": ["does one react"], "stdout_has": ["0506 is in the reaction charge zone of au-hv2, whose owner is never asked about it"]})
case("never-ask-opportunity", "R-OCH-9", OCH + "The game is played with --never-ask au-hvy: after fr-a's step into 0507, in au-hvy's zone, the Austrians are not asked (R-OCH-9); "
     "the trace says so, and the French go on with their Movement.",
     [unit("fr-a", "french", "infantry", ["0510"]), HVY()], ["move fr-a 0507"],
     {"/pending/kind": "action", "/pending/side": "french", "/units/0/hexes": ["0507"]},
     segment="movement", never="au-hvy",
     more={"stdout_has": ["austrian is never asked about au-hvy (\\\"never ask me\\\"): no opportunity charge"]})


if __name__ == '__main__':
    only = sys.argv[1:]
    for c in CASES:
        if only and c['name'] not in only:
            continue
        p = run(c)
        r = subprocess.run(['build-test/case_runner', 'build-test/labataille', p], capture_output=True, text=True)
        print(('PASS ' if r.returncode == 0 else 'FAIL ') + p)
        if r.returncode:
            print(r.stderr[:3000])
