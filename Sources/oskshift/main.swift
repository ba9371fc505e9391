print("oskshift")
