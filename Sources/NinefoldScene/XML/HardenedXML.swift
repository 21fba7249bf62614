/// The hardened XML entry point every reader shares (scene documents, Interface Builder files):
/// bytes in, a located element tree or located diagnostics out.
///
/// What it guarantees, whatever the bytes: no DTD, entity, XInclude or network access; UTF-8
/// only, no NUL bytes; the file size, element count and nesting depth within `limits`; every
/// error at `path:line:column`. Schema validation is the caller's (the scene reader adds its
/// own schema).
public enum HardenedXML {
    public static func parse(bytes: [UInt8], path: String,
                             limits: ReadingLimits = .standard) throws(DocumentError) -> XMLElement {
        try LibXML.parse(SourceBytes.check(bytes, path: path, limits: limits), schema: nil, limits: limits)
    }

    /// Reads a regular file (FIFOs, devices and directories are refused without blocking), then parses it.
    public static func parse(contentsOf path: String,
                             limits: ReadingLimits = .standard) throws(DocumentError) -> XMLElement {
        try LibXML.parse(SourceBytes.load(path: path, limits: limits), schema: nil, limits: limits)
    }
}
