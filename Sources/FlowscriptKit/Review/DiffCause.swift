import TabFlowCore
import TabFlowLua
import TabFlowScriptExploration


/// What decided the first differing transition of a ``BehaviourDiff/Difference``: the part of
/// the scripts a reviewer would look at. Differences with one cause are one change of behaviour,
/// however many input sequences reach it — one `leave =` option differs in every state from
/// which its tab can be left, one `link` line from every screen its URL is opened on.
///
/// The cause of an input is, in order:
/// - the declaration that handles it, when it differs between the scripts: the leave policy of
///   the tab a tap leaves, the reselect policy of the tab tapped again, the link (or deep link)
///   whose pattern matches a URL (or the pending link a line opens), the app's back behaviour, a
///   rule only one script has;
/// - else the guards that ruled on either side (rejected, asked, redirected or deferred);
/// - else the handler itself (the rule of the action, the link, the tab's policies, back, the
///   context key set): something it calls changed.
///
/// Computed only for the differences found, after the exploration, from the input's text and
/// both scripts' declarations.
struct DiffCause: Hashable {
  /// What kind of declaration decided it.
  enum Kind: String {
    case rule, guards, link, leave, reselect, tab, back, context, customization
  }

  let kind: Kind
  /// What names it: the rule's key, the guards' names, the link's pattern, the tab's id, the key.
  let name: String
  /// How a reviewer reads it: `rule item.buyTapped`, `guard 'login required for orders'`,
  /// `tab search's leave policy (popToRoot → none)`.
  let text: String

  /// The cause of `difference`, between scripts declaring `old` and `new`.
  static func of(_ difference: BehaviourDiff.Difference, old: ScriptDeclarations, new: ScriptDeclarations) -> DiffCause {
    let handler = Self.handler(of: difference, old: old, new: new)
    let candidates = [leaving(difference, old: old, new: new), pendingLink(difference, old: old, new: new), handler]
    if let declared = candidates.compactMap({ $0 }).first(where: \.differs) { return declared.cause }
    let guards = Self.guardsThatRuled(difference.old).union(Self.guardsThatRuled(difference.new)).sorted()
    if !guards.isEmpty {
      let names = guards.map { "'\($0)'" }.joined(separator: ", ")
      return DiffCause(kind: .guards, name: guards.joined(separator: ", "), text: (guards.count == 1 ? "guard " : "guards ") + names)
    }
    if let handler { return handler.cause }
    return DiffCause(kind: .rule, name: difference.input, text: "input \(difference.input)")
  }

  /// The leave policy of the tab the input was sent in, when either side leaves that tab
  /// (whatever made it: a tab tap, a link, a rule selecting another tab).
  private static func leaving(
    _ difference: BehaviourDiff.Difference, old: ScriptDeclarations, new: ScriptDeclarations
  ) -> (cause: DiffCause, differs: Bool)? {
    let left = difference.before.new.selectedTab
    let leaves = [difference.old.after(difference.before.old), difference.new.after(difference.before.new)]
      .contains { $0.selectedTab != left }
    guard leaves else { return nil }
    let (was, now) = (old.tabs.first { $0.id == left.rawValue }?.leave, new.tabs.first { $0.id == left.rawValue }?.leave)
    let (oldText, newText) = (was.map { "\($0)" }, now.map { "\($0)" })
    return (
      DiffCause(kind: .leave, name: left.rawValue, text: "tab \(left)'s leave policy" + policyChange(oldText, newText)),
      oldText != newText)
  }

  /// The link of the pending link the input opened or dropped, on either side.
  private static func pendingLink(
    _ difference: BehaviourDiff.Difference, old: ScriptDeclarations, new: ScriptDeclarations
  ) -> (cause: DiffCause, differs: Bool)? {
    for report in difference.old.reports + difference.new.reports {
      switch report {
      case let .pendingLinkOpened(url), let .pendingLinkDropped(url, _): return link(for: url, old: old, new: new)
      default: continue
      }
    }
    return nil
  }

  /// The names of the guards that rejected, asked, redirected or deferred in `outcome`.
  static func guardsThatRuled(_ outcome: BehaviourDiff.Outcome) -> Set<String> {
    var names: Set<String> = []
    if let name = outcome.rejectingGuard { names.insert(name) }
    for report in outcome.reports {
      switch report {
      case let .redirected(name, _): names.insert(name)
      case let .linkDeferred(_, name, _): names.insert(name)
      default: break
      }
    }
    return names
  }

  /// The declaration that handles the difference's input, and whether it differs between the scripts.
  private static func handler(
    of difference: BehaviourDiff.Difference, old: ScriptDeclarations, new: ScriptDeclarations
  ) -> (cause: DiffCause, differs: Bool)? {
    guard let line = try? FlowLineParser.parse(difference.input) else { return nil }
    switch line {
    case let .action(_, screen, action, _):
      let key = ruleKey(screen: screen, action: action, in: new) ?? ruleKey(screen: screen, action: action, in: old)
        ?? "\(screen).\(action)"
      let differs = ruleKey(screen: screen, action: action, in: new) != ruleKey(screen: screen, action: action, in: old)
      return (DiffCause(kind: .rule, name: key, text: "rule \(key)"), differs)
    case let .tab(id):
      let selected = difference.before.new.selectedTab.rawValue
      let (oldTab, newTab) = (old.tabs.first { $0.id == id }, new.tabs.first { $0.id == id })
      if selected == id {
        let (was, now) = (oldTab.map { "\($0.reselect)" }, newTab.map { "\($0.reselect)" })
        return (
          DiffCause(kind: .reselect, name: id, text: "tab \(id)'s reselect policy" + policyChange(was, now)),
          was != now)
      }
      let declared = oldTab != newTab
      return (DiffCause(kind: .tab, name: id, text: declared ? "tab \(id)'s declaration" : "tapping tab \(id)"), declared)
    case .back:
      let (was, now) = ("\(old.backBehavior)", "\(new.backBehavior)")
      return (DiffCause(kind: .back, name: "back", text: "back" + policyChange(was, now)), was != now)
    case let .url(url):
      return link(for: url, old: old, new: new)
    case let .set(key, _):
      return (DiffCause(kind: .context, name: key, text: "setting context \(key)"), false)
    case .customize:
      return (DiffCause(kind: .customization, name: "customize", text: "tab bar customization"), false)
    default:
      return nil
    }
  }

  /// ` (a → b)` when the policies differ, else nothing.
  private static func policyChange(_ old: String?, _ new: String?) -> String {
    old == new ? "" : " (\(old ?? "no tab") → \(new ?? "no tab"))"
  }

  /// The link or deep link whose pattern matches `url` — the new script's first, else the old's —
  /// and whether the scripts declare it differently.
  private static func link(for url: String, old: ScriptDeclarations, new: ScriptDeclarations) -> (cause: DiffCause, differs: Bool) {
    let (oldMatch, newMatch) = (matching(url, in: old), matching(url, in: new))
    guard let pattern = newMatch?.pattern ?? oldMatch?.pattern else {
      return (DiffCause(kind: .link, name: url, text: "URL \(url) (no link matches it)"), false)
    }
    let differs = oldMatch?.declaration != newMatch?.declaration || oldMatch?.pattern != newMatch?.pattern
    return (DiffCause(kind: .link, name: pattern, text: "link \(pattern)"), differs)
  }

  /// The first pattern of `declarations` (links, then deep links) that matches `url`, with its
  /// declaration as text (screen and tab; a deep link's handler is code, so only its pattern).
  private static func matching(_ url: String, in declarations: ScriptDeclarations) -> (pattern: String, declaration: String)? {
    for link in declarations.links where (try? DeepLinkPattern(link.pattern))?.match(url) != nil {
      return (link.pattern, "link \(link.screen) \(link.tab ?? "")")
    }
    for pattern in declarations.deepLinks where (try? DeepLinkPattern(pattern))?.match(url) != nil {
      return (pattern, "deeplink")
    }
    return nil
  }

  /// The rule `declarations` runs for `action` on `screen`: `screen.action`, else `*.action`.
  private static func ruleKey(screen: String, action: String, in declarations: ScriptDeclarations) -> String? {
    let exact = "\(screen).\(action)"
    if declarations.rules.contains(exact) { return exact }
    let wildcard = "*.\(action)"
    return declarations.rules.contains(wildcard) ? wildcard : nil
  }
}
