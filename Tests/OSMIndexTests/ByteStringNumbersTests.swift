import Testing
import VenuesTestSupport

@testable import OSMIndex

/// ``ByteStringNumbers`` numbers strings in the order first met, whatever the table's growth.
@Suite("Byte strings numbered as met")
struct ByteStringNumbersTests {
    @Test func eachStringHasTheNumberItWasFirstGivenAndItsBytes() {
        for (seed, generator) in SeededGenerator.draws("ByteStringNumbersTests.numbers", seed: 3) {
            var random = generator
            // Few distinct strings (many met again) or many (the table grows several times, and
            // strings share slots); the empty string and prefixes of others among them.
            for distinct in [3, 40, 700] {
                let strings = (0..<distinct).map { _ in
                    (0..<Int.random(in: 0...6, using: &random)).map { _ in UInt8.random(in: 97...100, using: &random) }
                }
                var numbers = ByteStringNumbers(capacity: Int.random(in: 1...8, using: &random))
                var expected: [[UInt8]: Int] = [:]
                var met: [[UInt8]] = []
                for _ in 0..<(4 * distinct + 100) {
                    let string = strings.randomElement(using: &random)!
                    let number = string.withUnsafeBytes { numbers.number(of: $0) }
                    if expected[string] == nil {
                        expected[string] = met.count
                        met.append(string)
                    }
                    #expect(number == expected[string], "seed \(seed): \(string)")
                }
                #expect(numbers.count == met.count, "seed \(seed)")
                for (number, string) in met.enumerated() {
                    #expect(numbers.withBytes(of: number) { Array($0) } == string, "seed \(seed): \(number)")
                }
            }
        }
    }
}
