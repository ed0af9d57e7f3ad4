print("venues")
