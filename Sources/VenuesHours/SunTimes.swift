public import Foundation

/// Sunrise, sunset, civil dawn and dusk for a day and a place, by NOAA's solar equations.
///
/// Accurate to about a minute between the polar circles; near and beyond them a day can have
/// the sun above (or below) the horizon throughout, which ``Occurrence`` says instead of a time.
public enum SunTimes {
    /// When an event happens on a day.
    public enum Occurrence: Sendable, Hashable {
        /// At this instant.
        case at(Date)
        /// Never: the sun stays above the event's altitude all day (midnight sun).
        case alwaysAbove
        /// Never: the sun stays below the event's altitude all day (polar night).
        case alwaysBelow
    }

    /// The four events of one day.
    public struct Day: Sendable, Hashable {
        /// Civil dawn: the sun 6° below the horizon, rising.
        public var dawn: Occurrence
        /// The upper limb at the horizon, refraction included (zenith 90.833°), rising.
        public var sunrise: Occurrence
        /// The same, setting.
        public var sunset: Occurrence
        /// Civil dusk: the sun 6° below the horizon, setting.
        public var dusk: Occurrence
    }

    /// The events of the local calendar day `year`-`month`-`day` in `timeZone`, at a position.
    public static func day(
        year: Int,
        month: Int,
        day: Int,
        latitude: Double,
        longitude: Double,
        timeZone: TimeZone
    ) -> Day {
        let date = CivilDate(year: year, month: month, day: day)
        let noonUTC = Date(timeIntervalSince1970: Double(date.dayNumber * 86_400 + 43_200))
        let offset = timeZone.secondsFromGMT(for: noonUTC)
        func occurrence(_ event: SunEvent) -> Occurrence {
            switch minutes(event, on: date, latitude: latitude, longitude: longitude, utcOffsetSeconds: offset) {
            case .minutes(let value):
                let utcSeconds = Double(date.dayNumber * 86_400) + value * 60 - Double(offset)
                return .at(Date(timeIntervalSince1970: utcSeconds))
            case .alwaysAbove: return .alwaysAbove
            case .alwaysBelow: return .alwaysBelow
            }
        }
        return Day(
            dawn: occurrence(.dawn),
            sunrise: occurrence(.sunrise),
            sunset: occurrence(.sunset),
            dusk: occurrence(.dusk)
        )
    }

    /// An event's local time in minutes after midnight (may pass 1440 or go below 0 far from the zone's meridian).
    enum LocalMinutes: Equatable {
        case minutes(Double)
        case alwaysAbove
        case alwaysBelow
    }

    /// The local time of `event` on `date` where the zone's offset is `utcOffsetSeconds`.
    static func minutes(
        _ event: SunEvent,
        on date: CivilDate,
        latitude: Double,
        longitude: Double,
        utcOffsetSeconds: Int
    ) -> LocalMinutes {
        let zenith = (event == .sunrise || event == .sunset) ? 90.833 : 96.0
        let rising = event == .sunrise || event == .dawn
        // Julian centuries since J2000 at the approximate local solar noon.
        let julianDay = 2_440_587.5 + Double(date.dayNumber) + 0.5 - longitude / 360
        let t = (julianDay - 2_451_545) / 36_525
        let meanLongitude = (280.466_46 + t * (36_000.769_83 + t * 0.000_303_2)).truncatingRemainder(dividingBy: 360)
        let meanAnomaly = 357.529_11 + t * (35_999.050_29 - 0.000_153_7 * t)
        let eccentricity = 0.016_708_634 - t * (0.000_042_037 + 0.000_000_126_7 * t)
        let m = radians(meanAnomaly)
        let center =
            sin(m) * (1.914_602 - t * (0.004_817 + 0.000_014 * t)) + sin(2 * m) * (0.019_993 - 0.000_101 * t)
            + sin(3 * m) * 0.000_289
        let omega = radians(125.04 - 1_934.136 * t)
        let apparentLongitude = radians(meanLongitude + center - 0.005_69 - 0.004_78 * sin(omega))
        let meanObliquity = 23 + (26 + (21.448 - t * (46.815 + t * (0.000_59 - t * 0.001_813))) / 60) / 60
        let obliquity = radians(meanObliquity + 0.002_56 * cos(omega))
        let declination = asin(sin(obliquity) * sin(apparentLongitude))
        let y = pow(tan(obliquity / 2), 2)
        let l0 = radians(meanLongitude)
        let equationOfTime =
            4
            * degrees(
                y * sin(2 * l0) - 2 * eccentricity * sin(m) + 4 * eccentricity * y * sin(m) * cos(2 * l0)
                    - 0.5 * y * y * sin(4 * l0) - 1.25 * eccentricity * eccentricity * sin(2 * m)
            )
        let lat = radians(latitude)
        let cosHourAngle = cos(radians(zenith)) / (cos(lat) * cos(declination)) - tan(lat) * tan(declination)
        if cosHourAngle > 1 { return .alwaysBelow }
        if cosHourAngle < -1 { return .alwaysAbove }
        let hourAngle = degrees(acos(cosHourAngle))
        let solarNoonUTC = 720 - 4 * longitude - equationOfTime
        let utcMinutes = solarNoonUTC + (rising ? -4 * hourAngle : 4 * hourAngle)
        return .minutes(utcMinutes + Double(utcOffsetSeconds) / 60)
    }

    private static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
    private static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
}
