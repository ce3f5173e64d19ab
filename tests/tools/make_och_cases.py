#!/usr/bin/env python3
"""Writes the opportunity-charge rule cases (tests/cases/game-R-OCH-*.json, R-OCH-1..8) and their
play scripts (tests/game/scripts/och-*.txt): one 10 x 12 clear map, a French mover and Austrian
cavalry; each case's description works its answer by hand. Run from the project root with the
test build made; it checks each case it writes with the case runner (names as arguments: only
those). The golden game game-R-OCH-3-golden-opportunity-charge is kept by hand (its whole answer,
LB_GOLDEN_UPDATE=1)."""
import json
import subprocess
import sys
def unit(id, side, arm, hexes, **kw):
    u = {"id": id, "side": side, "arm": arm}
    if arm == "infantry":
        u.update(nation=side, **{"class": "ligne" if side == "french" else "linie"}, increments=8, fire=8, melee=24, movement=6, morale="35", formation="column", state="good", facing=12)
    elif arm == "cavalry":
        u.update(nation=side, **{"class": "kurassier"}, increments=4, fire=0, melee=16, movement=10, morale="44", formation="column", state="good", facing=6)
    elif arm == "artillery":
        u.update(nation=side, **{"class": "foot"}, increments=2, fire=6, melee=2, movement=5, morale="35", formation="limbered", state="good", facing=12)
    u["hexes"] = hexes
    u.update(kw)
    return u
def scen(units, extra=None):
    s = {"format": "labataille-scenario/1", "title": "opportunity charge", "game": "deutsch-wagram-1809",
         "rules": "premier-2018", "turn": {"time": "13:00", "phasing": "french", "segment": "movement"},
         "sides": ["french", "austrian"],
         "map": {"columns": 10, "rows": 12, "terrain": ["." * 10] * 12, "legend": {".": "clear"}},
         "units": units}
    if extra: s.update(extra)
    return s
FR = lambda hexes=["0510"], **kw: unit("fr-a", "french", "infantry", hexes, **kw)
HVY = lambda hexes=["0503"], **kw: unit("au-hvy", "austrian", "cavalry", hexes, **kw)
LT = lambda **kw: unit("au-lt", "austrian", "cavalry", ["0503"], **dict({"class": "husaren", "movement": 14, "melee": 12}, **kw))
HVY0 = HVY
HVY = lambda **kw: HVY0(**dict({"class": "kuirassier"}, **kw))
LT = lambda **kw: unit("au-lt", "austrian", "cavalry", ["0503"], **dict({"class": "hussar", "movement": 14, "melee": 12}, **kw))
CASES = []
def case(name, ruling, desc, units, script, json_exp, seed=1, ask=True, extra=None, more=None):
    CASES.append(dict(name=name, ruling=ruling, desc=desc, units=units, script=script, json=json_exp, seed=seed, ask=ask, extra=extra, more=more or {}))
def run(c, write=False):
    sc = scen(c['units'], c['extra'])
    spath = 'tests/game/scripts/och-%s.txt' % c['name']
    open(spath, 'w').write(''.join(l + '\n' for l in c['script']))
    args = ["play", "{scenario}", "--seed", str(c['seed'])] + (["--ask-charges"] if c['ask'] else []) + ["--script", spath, "--json"]
    case = {"ruling": c['ruling'], "description": c['desc'], "args": args, "scenario": sc, "json": c['json']}
    case.update(c['more'])
    path = 'tests/cases/game-%s-%s.json' % (c['ruling'], c['name'])
    json.dump(case, open(path, 'w'), indent=2, ensure_ascii=False)
    open(path, 'a').write('\n')
    return path

# ---- the cases ----

G = "R-RCH-1, R-OCH-1 geometry: flat-topped hexes in columns (R-GRID-2); column 05 runs due north-south, 0503 to 0507 is 4 hexes. au-hvy: Austrian heavy cavalry (printed MP 10 < 13, R-RCH-4), column in 0503 facing 6 (S): its fronts are the S, SE and SW hexsides ((13), R-FORM-1), so the hexes due south lie in front. fr-a: French infantry column in 0510 that moves north one hex a step (1 MP each, clear). The game is played with --ask-charges (R-OCH-4). "
MOR = "au-hvy's morale 44: its check passes when the roll is greater than 44 (R-MOR-1): 45, 46, 51-56, 61-66, 14 of 36 rolls = 7/18. "
case("heavy-four-hexes-asked", "R-OCH-1", G + MOR + "fr-a steps 0509 (5 hexes from 0503: beyond the heavy extent of 4), 0508 (5), 0507 (4: within it, seen, in front): after the step into 0507 the Austrians are asked (R-OCH-4): charge:au-hvy with its chance 7/18, or pass.",
     [FR(), HVY()], ["move fr-a 0507"],
     {"/pending/kind": "opportunity", "/pending/side": "austrian", "/pending/subject": "fr-a",
      "/pending/options/0/key": "charge:au-hvy", "/pending/options/0/label": "au-hvy charges fr-a: its morale check (31) passes with chance 7/18",
      "/pending/options/1/key": "pass", "/units/0/hexes": ["0507"]})
case("heavy-five-hexes-not-asked", "R-OCH-1", G + "fr-a moves to 0508, 5 hexes from au-hvy's 0503: beyond the heavy extent of 4 hexes (R-RCH-1, [project ruling]); nobody is asked and the French go on with their Movement; the trace says why (R-OCH-6: enemy cavalry within 6 hexes not asked).",
     [FR(), HVY()], ["move fr-a 0508"],
     {"/pending/kind": "action", "/pending/side": "french", "/units/0/hexes": ["0508"]},
     more={"stdout_has": ["0508 is not in the opportunity charge (40) zone of au-hvy: beyond its extent (heavy cavalry 4 hexes, light 6) (5 hexes away, extent 4)"]})
case("light-six-hexes-asked", "R-OCH-1", G.replace("au-hvy: Austrian heavy cavalry (printed MP 10 < 13, R-RCH-4)", "au-lt: Austrian light cavalry (printed MP 14 >= 13, R-RCH-4)") + "fr-a starts in 0511 and moves to 0509: 0510 is 7 hexes from 0503, beyond the light extent of 6 (nobody asked, and the cavalry, 7 hexes away, is not named in the trace); 0509 is 6 hexes away, within it: the Austrians are asked whether au-lt charges (morale 44: 7/18).",
     [FR(hexes=["0511"]), LT()], ["move fr-a 0509"],
     {"/pending/kind": "opportunity", "/pending/side": "austrian", "/pending/prompt": "austrian: opportunity charge at fr-a in 0509, which ended a step in the zone of your cavalry (40)?",
      "/pending/options/0/key": "charge:au-lt", "/units/0/hexes": ["0509"]},
     more={"stdout_lacks": ["0510 is"]})
case("rear-not-asked", "R-OCH-1", G.replace("facing 6 (S): its fronts are the S, SE and SW hexsides ((13), R-FORM-1), so the hexes due south lie in front", "facing 12 (N): its fronts are the N, NE and NW hexsides ((13), R-FORM-1); S is its rear") + "fr-a moves to 0507, 4 hexes due south: the line from 0503 leaves by the S hexside, the rear, so 0507 is not in front of its front hexsides and nobody is asked.",
     [FR(), HVY(facing=12)], ["move fr-a 0507"],
     {"/pending/kind": "action", "/pending/side": "french", "/units/0/hexes": ["0507"]},
     more={"stdout_has": ["0507 is not in the opportunity charge (40) zone of au-hvy: not in front of its front hexsides (4 hexes away, extent 4)"]})
case("flank-not-asked", "R-OCH-1", G.replace("facing 6 (S): its fronts are the S, SE and SW hexsides ((13), R-FORM-1), so the hexes due south lie in front", "facing 2 (NE): its fronts are the N, NE and SE hexsides ((13), R-FORM-1); S is a flank") + "fr-a moves to 0507, due south: the line leaves 0503 by the S hexside, a flank: not in front, nobody is asked.",
     [FR(), HVY(facing=2)], ["move fr-a 0507"],
     {"/pending/kind": "action", "/units/0/hexes": ["0507"]},
     more={"stdout_has": ["0507 is not in the opportunity charge (40) zone of au-hvy: not in front of its front hexsides"]})
case("unseen-not-asked", "R-OCH-1", G + "au-inf, an Austrian infantry column, stands in 0505, between 0503 and 0507 (R-LOS-3: a non-routed combat unit in an intervening hex blocks the line). fr-a moves to 0507: within 4 hexes and in front, but unseen: nobody is asked.",
     [FR(), HVY(), unit("au-inf", "austrian", "infantry", ["0505"], facing=12)], ["move fr-a 0507"],
     {"/pending/kind": "action", "/units/0/hexes": ["0507"]},
     more={"stdout_has": ["0507 is not in the opportunity charge (40) zone of au-hvy: it has no line of sight to it (R-LOS)"]})
case("exhausted-not-asked", "R-OCH-2", G + "au-hvy is exhausted: it may not charge (40.2), so when fr-a steps into 0507 nobody is asked; the trace cites R-OCH-2.",
     [FR(), HVY(readiness="exhausted")], ["move fr-a 0507"],
     {"/pending/kind": "action", "/units/0/hexes": ["0507"]},
     more={"stdout_has": ["0507 is not in the opportunity charge (40) zone of au-hvy: exhausted cavalry may not react or charge; tired may (39.3, 40.2)"]})
case("tired-asked-and-charges", "R-OCH-2", G + MOR + "au-hvy is tired: tired cavalry may charge in opportunity (40.2), so after fr-a's step into 0507 the Austrians are asked; seed 3, they charge, the check rolls 63 > 44 and the charge procedure takes the tired cavalry (a charge in its own Charge segment would be refused, R-CHG-8).",
     [FR(), HVY(readiness="tired")], ["move fr-a 0507", "choose charge:au-hvy"], seed=3,
     json_exp={"/pending/kind": "carre", "/pending/side": "french", "/journal/entries/1/key": "charge:au-hvy", "/journal/entries/2/value": 63},
     more={"stdout_has": ["au-hvy may charge in opportunity: cavalry in good order, tired (tired may, exhausted may not: 40.2); heavy, turns 1 hexside a hex (printed movement 10)"]})
case("failed-stays", "R-OCH-2", G + MOR + "Seed 1: fr-a steps into 0507, the Austrians answer charge:au-hvy; its check rolls 25, not greater than 44: it fails. 40.1: it stays in 0503, in good order, fresh (no readiness loss, no rout: the check's outcome is not applied); fr-a's move was over; the French go on with their Movement.",
     [FR(), HVY()], ["move fr-a 0507", "choose charge:au-hvy"],
     {"/pending/kind": "action", "/pending/side": "french", "/units/0/hexes": ["0507"], "/units/1/hexes": ["0503"],
      "/units/1/state": "good", "/units/1/readiness": "fresh", "/journal/entries/1/key": "charge:au-hvy", "/journal/entries/1/decision": "opportunity", "/journal/entries/2/value": 25},
     more={"stdout_has": ["au-hvy checks morale to charge (40.1): roll 25 +0 = 25, not greater than morale 44 (passes with chance 7/18)", "au-hvy fails: it stays where it is, in good order, fresh"]})
case("passed-mover-stops", "R-OCH-3", G + MOR + "Seed 3: fr-a is to move to 0506; after its step into 0507 the Austrians answer charge:au-hvy; the check rolls 63 > 44: passed. fr-a stops in 0507 (R-OCH-1), never reaching 0506, and au-hvy charges at once by the charge procedure (R-CHG), its path the most direct way 0504, 0505, 0506 (R-OCH-7): at 4 hexes fr-a, not yet the target, is offered its carré attempt (R-CHG-11), the French decision pending.",
     [FR(), HVY()], ["move fr-a 0506", "choose charge:au-hvy"],
     {"/pending/kind": "carre", "/pending/side": "french", "/units/0/hexes": ["0507"], "/units/1/hexes": ["0503"], "/journal/entries/2/value": 63},
     seed=3,
     more={"stdout_has": ["au-hvy passes: it charges fr-a at once; fr-a stops where it is", "the planned path of 3 hexes is legal"]})
case("pass-asked-again", "R-OCH-6", G + MOR + "fr-a is to move to 0506; after its step into 0507 the Austrians pass; fr-a steps on into 0506 (3 hexes from 0503, still in the zone) and they are asked again.",
     [FR(), HVY()], ["move fr-a 0506", "choose pass"],
     {"/pending/kind": "opportunity", "/pending/prompt": "austrian: opportunity charge at fr-a in 0506, which ended a step in the zone of your cavalry (40)?", "/units/0/hexes": ["0506"], "/journal/entries/1/key": "pass"})
case("reinforcement-entry-asked", "R-OCH-1", G.replace("column in 0503", "column in 0508") + MOR + "fr-late, a French reinforcement due at 13:00 (RF45-4), enters at its entry hex 0512 on the south edge, 4 hexes due south of au-hvy in 0508, in front, seen: after its entry the Austrians are asked.",
     [FR(hexes=["0110"]), HVY(hexes=["0508"]), unit("fr-late", "french", "infantry", ["0512"])], ["choose enter:fr-late:0512"],
     {"/pending/kind": "opportunity", "/pending/subject": "fr-late", "/pending/options/0/key": "charge:au-hvy"},
     extra={"reinforcements": [{"time": "13:00", "units": ["fr-late"]}], "victory": {"last_turn": "13:40"}})
case("skirmishers-no-recall-tired", "R-OCH-3", G + MOR + "fr-a is in skirmish order (facing 1). Seed 3: after its step into 0507 the Austrians charge with au-hvy, whose check rolls 63 > 44. The charge (path 0504, 0505, 0506, R-OCH-7): at 0505, 2 hexes away, au-hvy declares fr-a its target (R-CHG-10); skirmishers neither stand nor form carre (38.12, R-CHG-22); at contact in 0506 au-hvy tramples 1 increment for 2 MP (5 of 15 spent), then fr-a routs 10 hexes (to 1012, the first optimal path, R-CHG-24), with no recall roll (42.5, 40.4); au-hvy ends tired (40.3), not exhausted: no melee.",
     [FR(formation="skirmish", facing=1), HVY()], ["move fr-a 0507", "choose charge:au-hvy", "choose target", "choose 2"],
     {"/units/0/id": "au-hvy", "/units/0/readiness": "tired", "/units/0/state": "good", "/journal/entries/4/key": "2"},
     seed=3,
     more={"stdout_has": ["au-hvy spends 2 movement points trampling fr-a: 1 increment destroyed (5 of 15 spent)", "fr-a routs 10 hexes from 0507 to 1012"], "stdout_lacks": ["recall"]})
case("limbered-guns-no-recall", "R-OCH-5", G + MOR + "fr-a is a lone French battery, limbered (2 increments, morale 35), that moves like the infantry. Seed 3: after its step into 0507 au-hvy charges (check 63 > 44). At 0505 it declares fr-a its target; lone limbered guns stand as infantry without the carre (41, R-CHG-21); at contact in 0506 they check morale with the heavy-cavalry stand modifier -3: roll 14 - 3 = 11, not greater than 35: they rout (R-CHG-12); au-hvy tramples 1 increment (2 MP) and the guns rout 10 hexes to 1012. R-OCH-5: no recall roll (42), the charge ends in 0506 and au-hvy is tired.",
     [unit("fr-a", "french", "artillery", ["0510"]), HVY()], ["move fr-a 0507", "choose charge:au-hvy", "choose target", "choose 2"],
     {"/units/0/id": "au-hvy", "/units/0/hexes": ["0506"], "/units/0/readiness": "tired", "/units/0/state": "good"},
     seed=3,
     more={"stdout_has": ["fr-a checks morale to stand: roll 14 -3 = 11 against 35: fails", "au-hvy rolls no recall after an opportunity charge (42): its charge ends here, and it is tired (40.3)"], "stdout_lacks": ["recall roll"]})
case("charged-this-turn-not-asked", "R-OCH-1", G + MOR + "As game-R-OCH-5-limbered-guns-no-recall (seed 3): au-hvy charges the battery fr-a after its step into 0507 and ends tired in 0506, facing 6. Then fr-b, a French infantry column in 0512, moves to 0509: 0510 is 4 hexes due south of 0506 and 0509 3, in front and seen, but au-hvy has charged in this player turn (R-OCH-1): nobody is asked, the trace says why, and the French go on.",
     [unit("fr-a", "french", "artillery", ["0510"]), HVY(), unit("fr-b", "french", "infantry", ["0512"])], ["move fr-a 0507", "choose charge:au-hvy", "choose target", "choose 2", "move fr-b 0509"],
     {"/pending/kind": "action", "/pending/side": "french"},
     seed=3,
     more={"stdout_has": ["0509 is not in the opportunity charge (40) zone of au-hvy: it reacted in this segment, or charged in this player turn, already (3 hexes away, extent 4)"]})
FRCAV = [unit("fr-cav", "french", "cavalry", ["0510"], **{"class": "hussar", "movement": 14, "melee": 12, "facing": 12}), HVY()]
OWED = G.replace("fr-a: French infantry column in 0510", "fr-cav: French light cavalry (hussars, printed MP 14), column in 0510 facing 12,") + MOR + "Seed 3: fr-cav steps into 0507; au-hvy charges (check 63 > 44); path 0504, 0505, 0506 (R-OCH-7); at 0505 it declares fr-cav its target; cavalry makes no stand check (38.11, R-CHG-22): contact at 0506, a melee owed (38.10). "
case("melee-owed-asked-at-once", "R-OCH-8", OWED + "R-OCH-8 (revised): that melee is the Austrians', fought at once in the French Movement segment: right after the charge the Austrians are asked an `opportunity` decision about au-hvy whose only option is melee:0507:au-hvy (the cavalry must melee, 38.10; fr-cav's hex 0507 is next to 0506, through au-hvy's front, R-CHG-29).",
     FRCAV, ["move fr-cav 0507", "choose charge:au-hvy", "choose target"],
     {"/segment": "movement", "/phasing": "french", "/pending/kind": "opportunity", "/pending/side": "austrian", "/pending/subject": "au-hvy",
      "/pending/options/0/key": "melee:0507:au-hvy", "/units/1/hexes": ["0506"]},
     seed=3,
     more={"stdout_has": ["au-hvy's melee with fr-cav is owed by au-hvy's side: it is fought now, in french's Movement segment"], "stdout_lacks": ["\"key\": \"pass\""]})
case("owed-melee-said-now", "R-OCH-8", OWED + "R-OCH-8 (revised): the charge's obligation says the melee is fought now, in the Movement segment, not in the Melee segment as a charge of the Charge segment's does (game-R-RCH-3-passed-meets-charger keeps that sentence): with the charge bonus, the path 0504, 0505, 0506 being 3 hexes straight (37.7).",
     FRCAV, ["move fr-cav 0507", "choose charge:au-hvy", "choose target"],
     {"/pending/kind": "opportunity", "/pending/subject": "au-hvy", "/pending/options/0/key": "melee:0507:au-hvy"},
     seed=3,
     more={"stdout_has": ["obligation melee: au-hvy melees fr-cav now, in the Movement segment (an opportunity charge's melee is fought at once), with the charge bonus (straight 3 hexes, 37.7)"], "stdout_lacks": ["in the Melee segment"]})
case("melee-owed-fought-in-movement", "R-OCH-8", OWED + "The Austrians melee (melee:0507:au-hvy); fr-cav stands (29), both melee at full value (36.5). Attack: au-hvy melee 16 x2 straight charge of 3 hexes (37.7, melee_multipliers.charge_straight) x2 heavy against light cavalry (heavy_vs_light) = 64; defence fr-cav 12; 64:12 = 5.33, past the highest column: 5:1 (R-MEL-15); the seed's melee roll 14 on the 5:1 column of the Wagram melee table: DD. fr-cav routs 14 MP away (R-MEL-17), au-hvy advances into 0507 (33.10) and is exhausted (38.10, it charged and meleed: R-MEL-20), fr-cav tired. The obligation is met, so the French Melee segment owes nothing; fr-cav, routed, fails its recovery and surrenders (no legal flight path); the Austrian Movement segment follows, au-hvy exhausted in 0507.",
     FRCAV, ["move fr-cav 0507", "choose charge:au-hvy", "choose target", "choose melee:0507:au-hvy", "choose stand", "choose full", "choose full"],
     {"/segment": "movement", "/phasing": "austrian", "/pending/kind": "action", "/pending/side": "austrian",
      "/units/0/id": "au-hvy", "/units/0/hexes": ["0507"], "/units/0/readiness": "exhausted"},
     seed=3,
     more={"stdout_has": ["melee 64 : 12 in column 5:1, roll 14 +0 = 14: DD", "au-hvy advances into 0507", "au-hvy charged and meleed (38.10): fresh -> exhausted", "the melee at 0507 is over (result:DD advance:au-hvy exhausted:au-hvy tired:fr-cav)"], "stdout_lacks": ["R-GAME-20"]})
case("pass-journalled", "R-OCH-4", G + MOR + "After fr-a's step into 0507 the Austrians are asked (an `opportunity` decision of theirs); they pass: the answer is journalled like any other (decision opportunity, side 1, subject fr-a, key pass, by the player) and the French go on with their Movement.",
     [FR(), HVY()], ["move fr-a 0507", "choose pass"],
     {"/journal/entries/1/decision": "opportunity", "/journal/entries/1/side": 1, "/journal/entries/1/subject": "fr-a", "/journal/entries/1/key": "pass", "/journal/entries/1/by": "player",
      "/pending/kind": "action", "/pending/side": "french"})
case("path-refused-stays", "R-OCH-7", G + MOR + "au-rt, an Austrian infantry column, routed, stands in 0505 (a routed unit does not block the line, R-LOS-3, so 0507 is seen). Seed 3: fr-a steps into 0507, au-hvy charges and passes its check (63 > 44); its path, the most direct way 0504, 0505, 0506, passes a friendly unit cavalry may not pass (35.10): the charge rules refuse it, and au-hvy stays in 0503 (R-OCH-7); fr-a has stopped in 0507.",
     [FR(), HVY(), unit("au-rt", "austrian", "infantry", ["0505"], state="routed", facing=12)], ["move fr-a 0507", "choose charge:au-hvy"],
     {"/units/1/id": "au-hvy", "/units/1/hexes": ["0503"], "/units/1/readiness": "fresh", "/units/0/hexes": ["0507"], "/pending/side": "french"},
     seed=3, more={"stdout_has": ["0505 holds friendly au-rt, which cavalry may not pass (35.10)"]})


if __name__ == '__main__':
    only = sys.argv[1:] 
    for c in CASES:
        if only and c['name'] not in only: continue
        p = run(c)
        r = subprocess.run(['build-test/case_runner', 'build-test/labataille', p], capture_output=True, text=True)
        print(('PASS ' if r.returncode == 0 else 'FAIL ') + p)
        if r.returncode: print(r.stderr[:3000])
