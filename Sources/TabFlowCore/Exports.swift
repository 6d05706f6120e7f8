// What `import TabFlowCore` also brings: the layer it is built on.
@_exported import TabFlowNavigation
