print("epub")
