// The umbrella: `import TabFlow` brings every layer, TabFlow's own reducer runtime included, as
// before the layers became modules. An app built with TCA imports the layers it needs instead
// (TabFlowCore, TabFlowLua, TabFlowPresentation, TabFlowDelivery) and never TabFlowRuntime,
// whose Reducer, Effect, Store… are TCA's names too.
@_exported import TabFlowCore
@_exported import TabFlowDelivery
@_exported import TabFlowLua
@_exported import TabFlowNavigation
@_exported import TabFlowPresentation
@_exported import TabFlowRuntime
