// What `import TabFlowLua` also brings: the layer it is built on, and the Lua binding whose
// limits (`LuaVM.Limits`) and errors its public API names.
@_exported import TabFlowCore
@_exported import TabFlowLuaBinding
