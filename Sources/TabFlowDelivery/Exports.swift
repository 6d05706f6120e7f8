// What `import TabFlowDelivery` also brings: the layer it is built on.
@_exported import TabFlowLua
