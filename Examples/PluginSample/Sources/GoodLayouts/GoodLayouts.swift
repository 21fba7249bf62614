/// The layouts of this target (Layouts/*.xml) are checked by Ninefold's build-tool plugin on
/// every build; they solve uniquely in all nine size classes, so the build succeeds.
public enum GoodLayouts {
    public static let names = ["login"]
}
