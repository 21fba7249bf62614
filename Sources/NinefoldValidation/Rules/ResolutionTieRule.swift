import NinefoldResolution
import NinefoldScene

/// `(w, any)` and `(any, h)` declarations set one property differently and meet in `(w, h)`;
/// the width-qualified one wins (SCENE-FORMAT §1). Found by the resolver.
public enum ResolutionTieRule: FindingRule {
    public static let identifier = ResolutionFinding.Kind.resolutionTie.rawValue
    public static let severity = Severity.warning
    public static let summary = "Two base-class declarations disagree where they meet; the width-qualified one wins."

    public static let examples = [
        RuleExample("""
              <view id="root">
                <label id="name" text="Name">
                  <variation sizeClass="compact-any" text="Compact"/>
                  <variation sizeClass="any-regular" text="Tall"/>
                </label>
                <constraints>
                  <constraint id="c1" firstItem="name" firstAttribute="leading" secondItem="root" secondAttribute="leading"/>
                  <constraint id="c2" firstItem="name" firstAttribute="top" secondItem="root" secondAttribute="top"/>
                </constraints>
              </view>
            """, in: SizeClass(width: .compact, height: .regular), triggers: true),
        RuleExample("""
              <view id="root">
                <label id="name" text="Name">
                  <variation sizeClass="compact-any" text="Compact"/>
                  <variation sizeClass="any-regular" text="Tall"/>
                  <variation sizeClass="compact-regular" text="Both"/>
                </label>
                <constraints>
                  <constraint id="c1" firstItem="name" firstAttribute="leading" secondItem="root" secondAttribute="leading"/>
                  <constraint id="c2" firstItem="name" firstAttribute="top" secondItem="root" secondAttribute="top"/>
                </constraints>
              </view>
            """, in: SizeClass(width: .compact, height: .regular), triggers: false),
    ]

    public static func findings(in analysis: ClassAnalysis) -> [Finding] {
        ResolutionFindings.findings(.resolutionTie, in: analysis)
    }
}
