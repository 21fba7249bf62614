/// A layout priority, 1–1000, where 1000 is required.
public struct LayoutPriority: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var value: Int

    public init(_ value: Int) { self.value = value }

    public static let required = LayoutPriority(1000)
    public static let defaultHigh = LayoutPriority(750)
    public static let defaultLow = LayoutPriority(250)
    public static let fittingSizeLevel = LayoutPriority(50)

    /// The names the format accepts in place of numbers.
    public static let named: [(name: String, priority: LayoutPriority)] = [
        ("required", .required), ("defaultHigh", .defaultHigh),
        ("defaultLow", .defaultLow), ("fittingSizeLevel", .fittingSizeLevel),
    ]

    public var isRequired: Bool { value == 1000 }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }

    public var description: String { String(value) }
}

/// A constraint's multiplier, kept as the ratio the author wrote (`16:9`) so reports can echo it.
public struct Multiplier: Hashable, Sendable, Codable, CustomStringConvertible {
    public var numerator: Double
    public var denominator: Double

    public init(_ value: Double) {
        numerator = value
        denominator = 1
    }

    public init(numerator: Double, denominator: Double) {
        self.numerator = numerator
        self.denominator = denominator
    }

    public static let one = Multiplier(1)

    public var value: Double { numerator / denominator }

    public var description: String {
        denominator == 1
            ? NumberFormatting.format(numerator)
            : "\(NumberFormatting.format(numerator)):\(NumberFormatting.format(denominator))"
    }
}

/// A constraint's constant: a number, or the system's `standard` spacing, whose value depends
/// on what the constraint relates and so is decided by the layout stage.
public enum ConstraintConstant: Hashable, Sendable, Codable, CustomStringConvertible {
    case value(Double)
    case standard

    public static let zero = ConstraintConstant.value(0)

    public var description: String {
        switch self {
        case .value(let number): NumberFormatting.format(number)
        case .standard: "standard"
        }
    }
}

/// An explicit intrinsic size on one axis: a number, or `none` to remove a measured one.
public enum IntrinsicDimension: Hashable, Sendable, Codable, CustomStringConvertible {
    case value(Double)
    case none

    public var description: String {
        switch self {
        case .value(let number): NumberFormatting.format(number)
        case .none: "none"
        }
    }
}

/// An sRGB colour from `#rgb` or `#rrggbb`, stored as 8-bit channels.
public struct Color: Hashable, Sendable, Codable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Parses `#rgb` or `#rrggbb`; nil for anything else.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        let digits = Array(hex.dropFirst())
        let channels: [String]
        switch digits.count {
        case 3: channels = digits.map { String([$0, $0]) }
        case 6: channels = stride(from: 0, to: 6, by: 2).map { String(digits[$0..<$0 + 2]) }
        default: return nil
        }
        let values = channels.compactMap { UInt8($0, radix: 16) }
        guard values.count == 3 else { return nil }
        self.init(red: values[0], green: values[1], blue: values[2])
    }

    /// Always the six-digit lower-case form, so output is canonical.
    public var description: String {
        "#" + [red, green, blue].map { byte in
            let text = String(byte, radix: 16)
            return text.count == 1 ? "0" + text : text
        }.joined()
    }
}

/// Layout margins written on a view (`layoutMargins="top left bottom right"`), replacing the
/// margins UIKit would give it, as Interface Builder's fixed layout margins do.
/// Insets of the safe area from the root view's edges, in points (top, left, bottom, right).
public typealias SafeAreaInsets = EdgeInsets

extension EdgeInsets {
    /// The format's canvases (SCENE-FORMAT §3): Interface Builder's simulated 20-point status
    /// bar, nothing else. `topLayoutGuide` ends at 20 in every class unless a `<canvas>` states
    /// its own `safeAreaInsets`.
    public static let canvasSafeArea = EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
}

public struct EdgeInsets: Hashable, Sendable, Codable, CustomStringConvertible {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// Parses four numbers separated by white space, in the format's order: top left bottom right.
    public init?(parsing text: String) {
        let parts = text.split(whereSeparator: \.isWhitespace)
        let numbers = parts.compactMap { NumberFormatting.parse(String($0)) }
        guard parts.count == 4, numbers.count == 4 else { return nil }
        self.init(top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3])
    }

    /// The canonical text form, the order the format reads.
    public var description: String {
        [top, left, bottom, right].map(NumberFormatting.format).joined(separator: " ")
    }
}

/// A rectangle in root-view coordinates (the top-left corner plus a size).
public struct Frame: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// Canonical, locale-free number text: integers without a fraction, others as Swift's shortest
/// round-tripping form, so writing and reading a number gives the same `Double`.
public enum NumberFormatting {
    public static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return String(value)
    }

    /// Parses the format's number syntax (`[+-]digits[.digits][e±digits]`), rejecting anything
    /// Swift's own parser would also take (`inf`, `nan`, hex floats).
    public static func parse(_ text: String) -> Double? {
        var sawDigit = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "0"..."9": sawDigit = true
            case "+", "-", ".", "e", "E": continue
            default: return nil
            }
        }
        guard sawDigit else { return nil }
        return Double(text)
    }
}
