import NinefoldScene

/// IB's `<variation key="…">`: `default` (the element's own, any-any values) or a size class
/// written `widthClass=compact`, `heightClass=regular` or, height first,
/// `heightClass=regular-widthClass=compact` (our `compact-regular`).
enum VariationKey {
    /// nil for `default`; throws the text's problem otherwise.
    static func sizeClass(_ key: String) -> Result<SizeClass?, VariationKeyError> {
        if key == "default" { return .success(nil) }
        var width = SizeClassValue.any
        var height = SizeClassValue.any
        for part in key.split(separator: "-") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, let value = SizeClassValue(rawValue: pair[1]), value != .any else {
                return .failure(VariationKeyError(key: key))
            }
            switch pair[0] {
            case "widthClass": width = value
            case "heightClass": height = value
            default: return .failure(VariationKeyError(key: key))
            }
        }
        let sizeClass = SizeClass(width: width, height: height)
        return sizeClass == .anyAny ? .failure(VariationKeyError(key: key)) : .success(sizeClass)
    }
}

struct VariationKeyError: Error {
    let key: String
    var message: String {
        "'\(key)' is not a variation key Interface Builder writes (default, widthClass=…, heightClass=…, "
            + "or heightClass=…-widthClass=…, each compact or regular)"
    }
}
