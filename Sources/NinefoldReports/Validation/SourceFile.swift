import NinefoldValidation

extension DocumentResult {
    /// The file findings are cited in: the path itself, or for a layout of an Interface
    /// Builder file (`Main.storyboard#BYZ-38-t0r`, SCENE-FORMAT §7) the .storyboard or .xib,
    /// so editors and CI annotations open the file the lines and columns belong to
    /// (`FindingIdentity.file(of:)`, which unreadable documents use too).
    public var sourceFile: String { FindingIdentity.file(of: path) }
}
