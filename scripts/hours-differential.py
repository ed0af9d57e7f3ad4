#!/usr/bin/env python3
"""Differential check of `venues hours` against opening-hours-py (a binding of opening-hours-rs).

Collects every distinct `opening_hours` value of the OSM files in Config/samples/ and
Tests/*/Fixtures/**/*.osm, adds values from a seeded generator that covers the selectors, and
evaluates all of them at the same instants (a seeded spread over a year plus both daylight-saving
changes, year ends and holidays) on both sides: state, comment and next change.

    pip install opening-hours-py
    scripts/hours-differential.py --venues .build/release/venues

Prints a summary (values, instants, agreements, disagreements grouped by cause) and exits 1 when a
disagreement has a cause that is not in ALLOWED below (each an argued, known difference; see
docs/hours.md), 2 when the tools are missing.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from collections import Counter, defaultdict
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Known, argued differences: cause -> one-line reason (docs/hours.md argues each in full).
ALLOWED = {
    "open-end": "`18:00+` is unknown after its start in venues (as opening_hours.js); opening-hours-rs opens it to midnight",
    "comment-only": "a rule that is only a comment (\"by appointment\") is unknown in venues (as opening_hours.js); open in opening-hours-rs",
    "holiday-calendar": "the national holiday lists differ on a day near the instant (FI: opening-hours-rs adds Midsummer Eve and Christmas Eve; US: it lacks Columbus Day)",
    "school-holidays": "SH: venues knows no school holidays and says unknown; opening-hours-rs has no SH data for the country and never matches",
    "accepted-point-in-time": "`Mo 12:00` is open for that minute in venues (opening_hours.js's point-in-time mode); opening-hours-rs rejects it",
    "accepted-dash": "an en or em dash reads as '-' in venues (as opening_hours.js); opening-hours-rs rejects it",
    "accepted-dot-separator": "`09.00` reads as `09:00` in venues (as opening_hours.js, with a warning there); opening-hours-rs rejects it",
    "accepted-weekday-date-offset": "`Dec 25 +Mo` (a weekday offset after a space) is read by venues; opening-hours-rs wants no space",
    "weekday-list-with-spaces": "`Tu, Th, Fr 12:00-17:00` is one weekday list in venues (as opening_hours.js); opening-hours-rs reads `Tu` and `Th` as whole-day rules",
    "week-step-quirk": "`week 06-07/3` is week 6 only in venues (the spec's step from the start); opening-hours-rs drops a step as long as the range",
    "sun-rounding": "sunrise/sunset differ by a minute or two between the two solar models",
    "horizon": "a change beyond a year: venues looks 366 days ahead, opening-hours-rs (max_interval_days=366) by interval length",
}

DEFAULT_ZONE = "Europe/Helsinki"


def state_name(state: object) -> str:
    """`open`, `closed` or `unknown` from opening_hours.State (whose str() changed between releases)."""
    text = str(state).lower()
    return text.split(".")[-1]


def collect_osm_values() -> list[str]:
    """Every distinct opening_hours value of the bundled OSM files."""
    paths = sorted(glob.glob(os.path.join(ROOT, "Config", "samples", "*.osm")))
    paths += sorted(glob.glob(os.path.join(ROOT, "Tests", "*", "Fixtures", "**", "*.osm"), recursive=True))
    values: set[str] = set()
    for path in paths:
        for _, element in ElementTree.iterparse(path, events=("end",)):
            if element.tag == "tag" and element.get("k") == "opening_hours":
                values.add(element.get("v", ""))
            elif element.tag in ("node", "way", "relation"):
                element.clear()
    return sorted(values)


class ValueGenerator:
    """Valid opening_hours values across the selectors, from a seed."""

    WEEKDAYS = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
    MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)

    def time(self, low: int = 0, high: int = 24 * 60 - 15) -> int:
        return self.random.randrange(low, high, 15)

    @staticmethod
    def hhmm(minutes: int) -> str:
        return f"{minutes // 60:02d}:{minutes % 60:02d}"

    def timespan(self) -> str:
        r = self.random.random()
        if r < 0.15:  # overnight
            start = self.time(18 * 60, 23 * 60)
            return f"{self.hhmm(start)}-{self.hhmm(self.time(0, 5 * 60))}"
        if r < 0.22:  # extended hours past midnight
            start = self.time(18 * 60, 23 * 60)
            return f"{self.hhmm(start)}-{self.hhmm(self.time(24 * 60, 29 * 60))}"
        if r < 0.26:
            return "00:00-24:00"
        if r < 0.30:
            return self.random.choice(
                ["sunrise-sunset", "(sunrise+01:00)-(sunset-01:00)", "dawn-dusk", "sunset-sunrise", "08:00-sunset"]
            )
        if r < 0.33:
            start = self.time(8 * 60, 23 * 60)
            return self.random.choice([f"{self.hhmm(start)}+", f"{self.hhmm(start)}-{self.hhmm(self.time(start, 24 * 60))}+"])
        start = self.time(5 * 60, 14 * 60)
        end = self.time(start + 30, 24 * 60)
        return f"{self.hhmm(start)}-{self.hhmm(end)}"

    def times(self) -> str:
        count = self.random.choice([1, 1, 1, 2])
        if count == 2:
            a = self.time(6 * 60, 11 * 60)
            b = self.time(a + 30, 13 * 60)
            c = self.time(b + 30, 18 * 60)
            d = self.time(c + 30, 23 * 60 + 45)
            return f"{self.hhmm(a)}-{self.hhmm(b)},{self.hhmm(c)}-{self.hhmm(d)}"
        return self.timespan()

    def weekdays(self) -> str:
        r = self.random.random()
        a = self.random.randrange(7)
        if r < 0.45:
            b = self.random.randrange(7)
            return f"{self.WEEKDAYS[a]}-{self.WEEKDAYS[b]}" if a != b else self.WEEKDAYS[a]
        if r < 0.65:
            days = sorted(self.random.sample(range(7), self.random.randint(2, 3)))
            return ",".join(self.WEEKDAYS[d] for d in days)
        if r < 0.8:
            nth = self.random.choice(["1", "2", "-1", "1,3", "2-3"])
            return f"{self.WEEKDAYS[a]}[{nth}]"
        if r < 0.9:
            return f"{self.WEEKDAYS[a]},PH"
        return self.WEEKDAYS[a]

    def date(self) -> str:
        month = self.random.randrange(12)
        day = self.random.randint(1, 28)
        return f"{self.MONTHS[month]} {day:02d}"

    def wide(self) -> str:
        r = self.random.random()
        if r < 0.2:
            a, b = self.random.randrange(12), self.random.randrange(12)
            return f"{self.MONTHS[a]}-{self.MONTHS[b]}" if a != b else self.MONTHS[a]
        if r < 0.35:
            return f"{self.date()}-{self.date()}"
        if r < 0.45:
            month = self.random.randrange(12)
            a = self.random.randint(1, 20)
            return f"{self.MONTHS[month]} {a:02d}-{a + self.random.randint(1, 8):02d}"
        if r < 0.55:
            return self.date()
        if r < 0.65:
            offset = self.random.choice(["", " +1 day", " -2 days", " +39 days"])
            return f"easter{offset}"
        if r < 0.75:
            a = self.random.randint(1, 50)
            step = self.random.choice(["", "/2", "/3"])
            return f"week {a:02d}-{min(53, a + self.random.randint(1, 20)):02d}{step}"
        if r < 0.85:
            return self.random.choice(["2026", "2025-2027", "2026+", "2027", "2024-2030/2"])
        if r < 0.92:
            return f"2026 {self.date()}-2027 {self.date()}"
        return "Dec 24-Jan 02"

    def rule(self) -> str:
        parts = []
        if self.random.random() < 0.3:
            parts.append(self.wide())
        r = self.random.random()
        if r < 0.75:
            parts.append(self.weekdays())
        elif r < 0.82:
            parts.append("PH")
        if self.random.random() < 0.85 or not parts:
            parts.append(self.times())
        modifier = self.random.random()
        if modifier < 0.12:
            parts.append("off")
        elif modifier < 0.16:
            parts.append("unknown")
        elif modifier < 0.19:
            parts.append("open")
        if self.random.random() < 0.08:
            parts.append('"' + self.random.choice(["by appointment", "kitchen closes early", "summer"]) + '"')
        return " ".join(parts)

    def value(self) -> str:
        r = self.random.random()
        if r < 0.05:
            return "24/7" + self.random.choice(["", "; PH off", "; Su off", "; Dec 25 off", "; Mo 12:00-13:00 off"])
        rules = [self.rule()]
        for _ in range(self.random.choice([0, 0, 1, 1, 2, 3])):
            separator = self.random.choice(["; ", "; ", "; ", ", ", " || "])
            rules.append(separator + self.rule())
        return "".join(rules)


def make_instants(seed: int, count: int, zone: ZoneInfo) -> list[datetime]:
    """Both daylight-saving changes, year ends, holidays, and a seeded spread over 2026-2027."""
    fixed_local = [
        (2026, 3, 29, 2, 30), (2026, 3, 29, 3, 0), (2026, 3, 28, 23, 0),  # spring change (Helsinki)
        (2026, 10, 25, 2, 30), (2026, 10, 24, 23, 0),  # autumn change
        (2026, 12, 31, 23, 30), (2027, 1, 1, 0, 30), (2026, 12, 24, 12, 0), (2026, 12, 28, 1, 0),
        (2026, 3, 8, 1, 30), (2026, 3, 7, 23, 0), (2026, 11, 1, 0, 30), (2026, 10, 31, 23, 0),  # New York's
        (2026, 4, 5, 12, 0), (2026, 6, 19, 15, 0), (2026, 10, 31, 10, 0), (2026, 12, 6, 9, 0),
    ]
    instants = [datetime(*t, tzinfo=zone).astimezone(timezone.utc).astimezone(zone) for t in fixed_local]
    # The second 03:30 of the autumn change, by UTC.
    instants.append(datetime(2026, 10, 25, 1, 30, tzinfo=timezone.utc).astimezone(zone))
    generator = random.Random(seed)
    start = datetime(2026, 1, 1, tzinfo=timezone.utc).timestamp()
    while len(instants) < count:
        moment = start + generator.randrange(0, 365 * 86400 // 60) * 60
        instants.append(datetime.fromtimestamp(moment, tz=timezone.utc).astimezone(zone))
    return instants[:count]


def run_venues(binary: str, values: list[str], instant: datetime, args: argparse.Namespace) -> list[dict]:
    command = [binary, "hours", "--at", instant.isoformat(), "--format", "json"]
    if args.near:
        command += ["--near", args.near]
    if args.country:
        command += ["--country", args.country]
    if args.time_zone != DEFAULT_ZONE:
        command += ["--time-zone", args.time_zone]
    command += args.extra
    result = subprocess.run(
        command, input="\n".join(values) + "\n", capture_output=True, text=True, check=False, timeout=600
    )
    lines = [line for line in result.stdout.splitlines() if line.strip()]
    if len(lines) != len(values):
        sys.exit(f"hours-differential: `{' '.join(command)}` printed {len(lines)} lines for {len(values)} values\n"
                 f"{result.stderr[-2000:]}")
    answers = [json.loads(line) for line in lines]
    zones = {answer.get("timeZone") for answer in answers} - {None}
    if zones and zones != {args.time_zone}:
        sys.exit(f"hours-differential: `venues hours` evaluated in {sorted(zones)}, not {args.time_zone}")
    return answers


def classify(value: str, ours: dict, theirs: dict, holidays_differ: bool) -> str:
    """The cause of one disagreement."""
    if theirs.get("error") and not ours.get("error"):
        if re.search(r"[\u2013\u2014]", value):
            return "accepted-dash"
        if re.search(r"\d\.\d\d", value):
            return "accepted-dot-separator"
        if re.search(r"(^|[ ,;])(\d{1,2}:\d\d|\(?(sunrise|sunset|dawn|dusk)[^-]*?)($|[,;]| off| \")", value) or re.search(
            r"\d:\d\d(,|$|;| )(?!-)", value
        ):
            return "accepted-point-in-time"
        if re.search(r"\d [+-](Mo|Tu|We|Th|Fr|Sa|Su)\b", value):
            return "accepted-weekday-date-offset"
        return "accepted-by-venues-only"
    if ours.get("error") and not theirs.get("error"):
        return "rejected-by-venues-only"
    if re.search(r"\d\+|\)\+", value):
        return "open-end"
    if re.search(r'(^|[;,|] *)"[^"]*"( *($|[;,|]))', value):
        return "comment-only"
    if "SH" in value:
        return "school-holidays"
    if any(int(b) - int(a) + 1 <= int(step) for a, b, step in re.findall(r"week (\d+)-(\d+)/(\d+)", value)):
        return "week-step-quirk"
    if re.search(r"\b(Mo|Tu|We|Th|Fr|Sa|Su|PH)(\[[^\]]*\])?, +(Mo|Tu|We|Th|Fr|Sa|Su|PH)\b", value):
        return "weekday-list-with-spaces"
    if "PH" in value and holidays_differ:
        return "holiday-calendar"
    if re.search(r"sunrise|sunset|dawn|dusk", value) and ours["state"] == theirs["state"]:
        return "sun-rounding"
    if ours["state"] == theirs["state"] and (ours["nextChange"] is None) != (theirs["nextChange"] is None):
        return "horizon"
    return "unexplained"


def their_holidays(country: str, zone: ZoneInfo) -> set:
    import opening_hours

    hours = opening_hours.OpeningHours("PH", timezone=zone, country=country, max_interval_days=366)
    days = set()
    start, end = datetime(2025, 1, 1, tzinfo=zone), datetime(2029, 1, 1, tzinfo=zone)
    for first, last, state, _ in hours.intervals(start, end):
        if state_name(state) == "open":
            day = first.date()
            while day < last.date():
                days.add(day)
                day += timedelta(days=1)
    return days


def our_holidays(binary: str, zone: ZoneInfo, args: argparse.Namespace) -> set:
    days = set()
    week = datetime(2024, 12, 30, 0, 0, tzinfo=zone)
    while week.year < 2029:
        for interval in run_venues(binary, ["PH"], week, args)[0]["intervals"]:
            day = datetime.fromisoformat(interval["start"]).date()
            while day < datetime.fromisoformat(interval["end"]).date():
                days.add(day)
                day += timedelta(days=1)
        week = (week + timedelta(days=7, hours=12)).replace(hour=0)
    return days


def python_side(value: str, instant: datetime, zone: ZoneInfo, args: argparse.Namespace, cache: dict) -> dict:
    import opening_hours

    if value not in cache:
        try:
            kwargs = {"timezone": zone, "max_interval_days": 366}
            if args.country:
                kwargs["country"] = args.country
            if args.near:
                lat, lon = (float(x) for x in args.near.split(","))
                kwargs["coords"] = (lat, lon)
                kwargs["auto_country"] = False
            cache[value] = opening_hours.OpeningHours(value, **kwargs)
        except Exception as error:  # noqa: BLE001 - any failure to read is a parse error here
            cache[value] = error
    parsed = cache[value]
    if isinstance(parsed, Exception):
        return {"error": str(parsed).splitlines()[0]}
    state, comment = parsed.state(instant)
    next_change = parsed.next_change(instant)
    return {
        "error": None,
        "state": state_name(state),
        "comment": comment or None,
        "nextChange": next_change.timestamp() if next_change else None,
    }


def same_change(ours: float | None, theirs: float | None, tolerance: float) -> bool:
    if ours is None or theirs is None:
        return ours is None and theirs is None
    return abs(ours - theirs) <= tolerance


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--venues", required=True, help="the venues binary")
    parser.add_argument("--seed", type=int, default=20261128)
    parser.add_argument("--generated", type=int, default=600, help="how many generated values")
    parser.add_argument("--instants", type=int, default=40, help="instants per value")
    parser.add_argument("--time-zone", default=DEFAULT_ZONE, help="passed as --time-zone when not the default")
    parser.add_argument("--country", default="FI")
    parser.add_argument("--near", default="60.1699,24.9384", help="LAT,LON for sun times")
    parser.add_argument("--examples", type=int, default=3, help="examples printed per cause")
    parser.add_argument("extra", nargs="*", help="more arguments for `venues hours`")
    args = parser.parse_args()

    try:
        import opening_hours  # noqa: F401
    except ImportError:
        print("hours-differential: needs `pip install opening-hours-py`", file=sys.stderr)
        return 2
    if not os.access(args.venues, os.X_OK):
        print(f"hours-differential: {args.venues} is not an executable", file=sys.stderr)
        return 2

    print(f"hours-differential: seed {args.seed}")
    zone = ZoneInfo(args.time_zone)
    osm_values = collect_osm_values()
    generator = ValueGenerator(args.seed)
    generated = sorted({generator.value() for _ in range(args.generated)} - set(osm_values))
    values = osm_values + generated
    instants = make_instants(args.seed, args.instants, zone)

    holiday_difference = their_holidays(args.country, zone) ^ our_holidays(args.venues, zone, args)
    print(f"holiday days that differ 2025-2028: {len(holiday_difference)}")

    cache: dict = {}
    counts: Counter = Counter()
    examples: dict[str, list[str]] = defaultdict(list)
    comparisons = agreements = osm_comparisons = osm_agreements = 0
    osm_set = set(osm_values)
    for instant in instants:
        ours_all = run_venues(args.venues, values, instant, args)
        theirs_all = [python_side(value, instant, zone, args, cache) for value in values]
        for value, ours, theirs in zip(values, ours_all, theirs_all):
            comparisons += 1
            from_osm = value in osm_set
            osm_comparisons += from_osm
            if ours.get("error") and theirs.get("error"):
                agreements += 1
                osm_agreements += from_osm
                continue
            if not ours.get("error") and not theirs.get("error"):
                our_change = datetime.fromisoformat(ours["nextChange"]).timestamp() if ours["nextChange"] else None
                sun = bool(re.search(r"sunrise|sunset|dawn|dusk", value))
                if (
                    ours["state"] == theirs["state"]
                    and (ours["comment"] or None) == theirs["comment"]
                    and same_change(our_change, theirs["nextChange"], 180 if sun else 0)
                ):
                    agreements += 1
                    osm_agreements += from_osm
                    continue
            last = instant + timedelta(days=367)
            changes = [datetime.fromisoformat(ours["nextChange"])] if ours.get("nextChange") else [last]
            changes += [datetime.fromtimestamp(theirs["nextChange"], tz=zone)] if theirs.get("nextChange") else [last]
            window_start, window_end = instant.date() - timedelta(days=2), max(changes).date() + timedelta(days=1)
            holidays_differ = any(window_start <= day <= window_end for day in holiday_difference)
            cause = classify(value, ours, theirs, holidays_differ)
            counts[cause] += 1
            if len(examples[cause]) < args.examples:
                their_change = (
                    datetime.fromtimestamp(theirs["nextChange"], tz=zone).isoformat()
                    if theirs.get("nextChange")
                    else None
                )
                examples[cause].append(
                    f"{value!r} at {instant.isoformat()}: venues {ours.get('error') or (ours['state'], ours['comment'], ours['nextChange'])}"
                    f" / rs {theirs.get('error') or (theirs['state'], theirs['comment'], their_change)}"
                )

    print(f"values: {len(values)} ({len(osm_values)} from OSM files, {len(generated)} generated)")
    print(f"instants per value: {len(instants)} in {args.time_zone}, country {args.country}, near {args.near}")
    print(f"comparisons: {comparisons}, agreements: {agreements} ({100 * agreements / max(comparisons, 1):.2f}%)")
    print(
        f"  of the OSM values: {osm_comparisons}, agreements: {osm_agreements}"
        f" ({100 * osm_agreements / max(osm_comparisons, 1):.2f}%)"
    )
    failing = 0
    for cause, count in counts.most_common():
        allowed = cause in ALLOWED
        failing += 0 if allowed else count
        print(f"  {cause}: {count} {'(allowed: ' + ALLOWED[cause] + ')' if allowed else '(NOT ALLOWED)'}")
        for example in examples[cause]:
            print(f"      {example}")
    print(f"disagreements: {sum(counts.values())}, not allowed: {failing}")
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
