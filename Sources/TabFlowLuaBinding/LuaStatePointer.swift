import CLuaSandbox

#if !SystemLua && !BundledLua
  #error("TabFlowLua (its Lua binding, TabFlowLuaBinding) needs Lua 5.4: enable TabFlow's SystemLua trait (the default; pkg-config lua5.4) or its BundledLua trait (Lua compiled from source by LuaSwift, for iOS)")
#endif

/// A `lua_State *` as Swift sees it, whichever Lua the package trait chose: the system's header
/// leaves `struct lua_State` incomplete (`OpaquePointer`); LuaSwift's umbrella header completes
/// it (`UnsafeMutablePointer<lua_State>`). With both traits on, the bundled Lua is used. This is
/// the one place that knows.
#if BundledLua
  @usableFromInline package typealias LuaStatePointer = UnsafeMutablePointer<lua_State>
#else
  @usableFromInline package typealias LuaStatePointer = OpaquePointer
#endif
