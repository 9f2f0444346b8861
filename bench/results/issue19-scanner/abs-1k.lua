wrk.path = "http://127.0.0.1:18081/1k.bin"
wrk.headers["Host"] = "127.0.0.1:18081"
