let sceneSchemaText = """
"""
