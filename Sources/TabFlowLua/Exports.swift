// What `import TabFlowLua` also brings: the layer it is built on.
@_exported import TabFlowCore
