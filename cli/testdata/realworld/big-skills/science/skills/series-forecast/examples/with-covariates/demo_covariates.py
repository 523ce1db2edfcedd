print("cov")
