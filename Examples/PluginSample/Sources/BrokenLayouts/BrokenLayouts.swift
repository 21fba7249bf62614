/// A target whose layout conflicts in the compact width classes: building it fails with
/// Ninefold's error at the constraint's line, as a compiler error would.
public enum BrokenLayouts {
    public static let names = ["banner"]
}
